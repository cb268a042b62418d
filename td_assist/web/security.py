"""What guards the app: CSRF tokens on forms, the PIN for the LAN, the Host check,
the session cookie's flags, and the security headers every answer carries.

The PIN (``serve --lan``) admits a tablet for the current run of the server only: the
session holds a ticket derived from the PIN and a random value made at start-up, so a
restart, a new PIN, or the TD pressing "end all tablet sessions" (the loopback-only
``/lan`` page) turns every ticket issued before into nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import ipaddress
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote, urlsplit

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask.typing import ResponseReturnValue
from flask.wrappers import Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer

from td_assist.i18n import _
from td_assist.kept import Kept
from td_assist.paths import user_dir

CSRF_FIELD = "csrf_token"
PIN_TRIES = 5  # wrong PINs allowed from one address ...
PIN_LOCK_SECONDS = 60  # ... before it must wait this long
MAX_TRACKED_ADDRESSES = 4096  # the wrong-PIN table never grows past this
# Wrong PINs from all addresses together before the PIN stops working until the TD
# makes a new one on the laptop: a device with many addresses (or a whole /24) is not
# held back by the per-address lock, but 100 guesses find a 6-digit PIN 1 time in 10,000.
PIN_FAILURES_IN_ALL = 100
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
SESSIONS_KEPT = 256  # the session cookies of a room's phones, each read once (issue 29)
# What a kept session may hold: values a request can change only by replacing them, so
# every request gets a session of its own from the same kept contents.
_UNCHANGEABLE = (str, int, float, bool, type(None))
HOSTS_KEPT = 64  # the names and addresses a room's devices use for the laptop ...
LONGEST_HOST_KEPT = 300  # ... none longer: a longer Host header is judged every time

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'self'"
)
# Sent with every answer: the app's, the Host check's, and waitress's own errors.
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "SAMEORIGIN",
}


# The key that signs session cookies ------------------------------------------------


def secret_key() -> bytes:
    """A per-installation key, kept so sessions survive a restart; readable only by
    the user who runs td-assist (0600 on POSIX; Windows ignores the mode)."""
    path = user_dir() / "secret.key"
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        key = b""
    if len(key) >= 32:
        _owner_only(path)
        return key
    key = secrets.token_bytes(32)
    temporary = path.with_name(f"secret.key.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(key)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)  # never a half-written key, even if two start at once
    _owner_only(path)
    return path.read_bytes()


def _owner_only(path: os.PathLike[str]) -> None:
    with contextlib.suppress(OSError):  # e.g. a USB stick formatted FAT has no modes
        os.chmod(path, 0o600)


# CSRF ----------------------------------------------------------------------------


def csrf_token() -> str:
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(24)
    return str(session[CSRF_FIELD])


def same_secret(sent: object, expected: object) -> bool:
    """A constant-time comparison of two texts of any characters.

    ``hmac.compare_digest`` refuses a str holding anything but ASCII, and a token or
    PIN typed or sent by anyone may hold anything, so both are compared as bytes
    (a lone surrogate, which UTF-8 cannot hold, is kept as its own bytes).
    """
    return hmac.compare_digest(
        str(sent).encode("utf-8", "surrogatepass"), str(expected).encode("utf-8", "surrogatepass")
    )


def csrf_ok() -> bool:
    sent = request.form.get(CSRF_FIELD, "")
    expected = session.get(CSRF_FIELD, "")
    return bool(expected) and same_secret(sent, expected)


def _is_loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def local_path(target: str | None) -> str:
    """``target`` if it is a path on this site, else ``/``.

    Browsers read ``//host``, ``/\\host`` and a path with a tab or newline inside as
    another site, so anything but a plain printable path starting with one ``/`` is
    refused.
    """
    if not target or not re.fullmatch(r"/[\x21-\x7e]*", target) or "\\" in target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return "/"
    return target[:300]


# The session cookie ----------------------------------------------------------------


class SessionInterface(SecureCookieSessionInterface):
    """Marks the cookie Secure whenever the page came over HTTPS (e.g. behind a proxy
    the club set up); over plain HTTP on the club network a Secure cookie would never
    come back, so there it cannot be set."""

    def __init__(self) -> None:
        self._serializer: tuple[object, URLSafeTimedSerializer | None] = (None, None)
        # cookie -> (when it was signed, what it holds), for the serializer in _serializer
        self._read: Kept[str, tuple[int, dict[str, Any]]] = Kept(SESSIONS_KEPT)

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        # Most answers never touch the session (a law page, a search): Flask would still
        # read six cookie settings from the config before finding there is nothing to do.
        if not session and not session.modified and not session.accessed:
            return
        super().save_session(app, session, response)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask builds the cookie's serializer on every request (a tenth of a static
        file's cost); it is built again only when the keys change."""
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        known, serializer = self._serializer
        if known != keys:
            serializer = super().get_signing_serializer(app)
            self._read = Kept(SESSIONS_KEPT)  # cookies signed with other keys
            self._serializer = (keys, serializer)
        return serializer

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Flask's, except that a cookie already read is not checked and decoded again
        (~20 us on every request a phone sends back its session with): only its age is,
        against the same limit. A cookie that fails the check is never kept."""
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        kept = self._read.get(value)
        if kept is not None and 0 <= int(time.time()) - kept[0] <= max_age:
            return self.session_class(kept[1])
        try:
            data, signed = serializer.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        if isinstance(data, dict) and all(type(v) in _UNCHANGEABLE for v in data.values()):
            self._read.put(value, (int(signed.timestamp()), data))
        return self.session_class(data)


# The PIN ---------------------------------------------------------------------------


class PinAttempts:
    """Wrong PINs per address, so six digits cannot be guessed by trying them all.

    While an address is locked its PIN is not checked at all, the right one included:
    if the right PIN still worked, a guesser would simply go on guessing at full speed
    and learn the PIN from the one answer that differs. The lock lasts a minute, only
    that address is affected, and the TD can lift every lock on the ``/lan`` page.

    The table of addresses forgets the oldest beyond ``MAX_TRACKED_ADDRESSES``, so every
    wrong PIN is also counted for all addresses together: at ``PIN_FAILURES_IN_ALL`` the
    PIN is closed (the right one no longer admits anyone) and the ``/lan`` page raises
    the alarm; only a new PIN made there opens it again (``reset``).
    """

    def __init__(self) -> None:
        self._failures: dict[str, list[float]] = {}
        self._lock = threading.Lock()
        self.total_failures = 0  # since the PIN in force was made

    @property
    def closed(self) -> bool:
        """Too many wrong PINs in all: no PIN is checked until the TD makes a new one."""
        return self.total_failures >= PIN_FAILURES_IN_ALL

    def _recent(self, address: str, now: float) -> list[float]:
        return [t for t in self._failures.get(address, []) if now - t < PIN_LOCK_SECONDS]

    def seconds_locked(self, address: str) -> int:
        """0 if the address may try a PIN, else how long it must still wait."""
        now = time.monotonic()
        with self._lock:
            recent = self._recent(address, now)
            if recent:
                self._failures[address] = recent
            else:
                self._failures.pop(address, None)
            if len(recent) < PIN_TRIES:
                return 0
            return max(1, int(PIN_LOCK_SECONDS - (now - recent[-PIN_TRIES])) + 1)

    def failed(self, address: str) -> None:
        now = time.monotonic()
        with self._lock:
            self.total_failures += 1
            if address not in self._failures and len(self._failures) >= MAX_TRACKED_ADDRESSES:
                self._forget_expired(now)
            if len(self._failures) >= MAX_TRACKED_ADDRESSES:
                self._failures.pop(next(iter(self._failures)))  # the oldest address
            self._failures.setdefault(address, []).append(now)
            del self._failures[address][:-PIN_TRIES]

    def _forget_expired(self, now: float) -> None:
        for address in list(self._failures):
            if not self._recent(address, now):
                del self._failures[address]

    def locked_addresses(self) -> int:
        with self._lock:
            self._forget_expired(time.monotonic())
            return sum(1 for times in self._failures.values() if len(times) >= PIN_TRIES)

    def tracked(self) -> int:
        with self._lock:
            return len(self._failures)

    def clear(self) -> None:
        """Lift every address's lock; the count in all stays (see ``reset``)."""
        with self._lock:
            self._failures.clear()

    def reset(self) -> None:
        """A new PIN: every lock lifted and the count in all back to nothing."""
        with self._lock:
            self._failures.clear()
            self.total_failures = 0


def new_pin() -> str:
    return f"{secrets.randbelow(1_000_000):06d}"


class LanGuard:
    """The PIN in force and the run it belongs to; tickets in sessions prove both."""

    def __init__(self, pin: str | None, key: bytes) -> None:
        self.pin = pin
        self._key = key
        self._run = secrets.token_bytes(16)
        self.attempts = PinAttempts()

    @property
    def enabled(self) -> bool:
        return bool(self.pin)

    def ticket(self) -> str:
        message = self._run + str(self.pin).encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()

    def admits(self, ticket: object) -> bool:
        return isinstance(ticket, str) and same_secret(ticket, self.ticket())

    def pin_matches(self, typed: str) -> bool:
        return same_secret(typed, self.pin)

    def end_sessions(self, change_pin: bool = False) -> None:
        """Every tablet must enter the PIN again (a new one, if ``change_pin``)."""
        self._run = secrets.token_bytes(16)
        if change_pin:
            self.pin = new_pin()
            self.attempts.reset()


def lan_guard() -> LanGuard:
    return current_app.extensions["td_lan"]


# The Host check --------------------------------------------------------------------


def host_name(header: str) -> str | None:
    """The name or address in a Host header, lower case; None if it is malformed."""
    host = header.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        name, rest = (host[1:end], host[end + 1 :]) if end > 0 else ("", "")
    else:
        name, _colon, port = host.partition(":")
        rest = f":{port}" if port else ""
    if not name or (rest and not re.fullmatch(r":[0-9]{1,5}", rest)):
        return None
    return name.removesuffix(".")


def host_allowed(header: str | None, allowed: Iterable[str], any_address: bool) -> bool:
    """Whether a request for ``header`` is meant for this server.

    A browser tricked by DNS rebinding sends the attacker's name, so only names the
    server is known by pass. An address typed as digits cannot be rebound, so when the
    server listens on every interface, any IP address may be used.
    """
    if header is None:
        return True  # HTTP/1.0 without Host: no browser sends that
    name = host_name(header)
    if name is None:
        return False
    if name in allowed:
        return True
    if any_address:
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True
    return False


REFUSED_HOST_PAGE = (
    b'<!doctype html><html lang="en"><head><meta charset="utf-8">'
    b"<title>Wrong address</title></head><body><h1>Wrong address</h1>"
    b"<p>td-assist answers only to its own address. On this laptop open "
    b"http://127.0.0.1 with the port shown when td-assist started; on a tablet, type "
    b"the address shown on the laptop.</p></body></html>"
)


class HostGuard:
    """WSGI middleware: refuse a Host the server is not known by before Flask sees it,
    so no page (not even an error page) is built for a foreign or malformed name."""

    def __init__(self, app: Callable[..., Iterable[bytes]], flask_app: Flask) -> None:
        self.app = app
        self.config = flask_app.config
        # The settings the verdicts below were made under, and the verdict on each Host
        # header seen since: a room sends the same few on every request (issue 29).
        self._judged: tuple[tuple[object, ...], Kept[str | None, bool]] = ((), Kept(0))

    def allows(self, header: str | None) -> bool:
        """``host_allowed`` under the settings in force, each header judged once."""
        hosts = tuple(self.config.get("ALLOWED_HOSTS", ()))
        any_address = bool(self.config.get("ALLOW_ANY_IP_HOST"))
        settings, verdicts = self._judged
        if settings != (hosts, any_address):
            verdicts = Kept(HOSTS_KEPT)
            self._judged = ((hosts, any_address), verdicts)
        verdict = verdicts.get(header)
        if verdict is None:
            allowed = LOCAL_HOSTS | {h.lower() for h in hosts}
            verdict = host_allowed(header, allowed, any_address)
            if header is None or len(header) <= LONGEST_HOST_KEPT:
                verdicts.put(header, verdict)
        return verdict

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if self.allows(environ.get("HTTP_HOST")):
            return self.app(environ, start_response)
        headers = [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Length", str(len(REFUSED_HOST_PAGE))),
            ("Cache-Control", "no-store"),
            *SECURITY_HEADERS.items(),
        ]
        start_response("400 Bad Request", headers)
        return [REFUSED_HOST_PAGE]


# The loopback-only page where the TD manages the LAN -------------------------------

lan = Blueprint("lan", __name__)


@lan.before_request
def _only_this_laptop() -> None:
    if not _is_loopback(request.remote_addr):
        abort(404)


@lan.get("/lan")
def lan_page() -> ResponseReturnValue:
    guard = lan_guard()
    return render_template(
        "lan.html",
        guard=guard,
        failures=guard.attempts.total_failures,
        failures_allowed=PIN_FAILURES_IN_ALL,
        closed=guard.attempts.closed,
        locked=guard.attempts.locked_addresses(),
        addresses=current_app.config.get("LAN_ADDRESSES", []),
        port=current_app.config.get("LAN_PORT"),
        done=request.args.get("done", "")[:20],
    )


@lan.post("/lan/end-sessions")
def end_sessions() -> ResponseReturnValue:
    guard = lan_guard()
    if not guard.enabled:
        abort(400, description=_("td-assist is not shared on the network, so no tablet is in."))
    change_pin = request.form.get("new_pin") == "1"
    guard.end_sessions(change_pin=change_pin)
    current_app.config["LAN_PIN"] = guard.pin
    return redirect("/lan?done=" + ("pin" if change_pin else "ended"), code=303)


@lan.post("/lan/unlock")
def unlock() -> ResponseReturnValue:
    lan_guard().attempts.clear()
    return redirect("/lan?done=unlocked", code=303)


# Wiring ----------------------------------------------------------------------------


def _pin_page(status: int, **flags: Any) -> ResponseReturnValue:
    flags.setdefault("next", "/")
    return render_template("pin.html", **flags), status


def _guard_lan(guard: LanGuard) -> ResponseReturnValue | None:
    if request.endpoint == "static":
        return None
    if not (request.path == "/pin" and request.method == "POST"):
        asked = quote(request.full_path.removesuffix("?"), safe="/?&=:;,+@!$'()*~%")
        return _pin_page(401, next=local_path(asked))
    target = local_path(request.form.get("next"))
    if not csrf_ok():
        return _pin_page(400, expired=True, next=target)
    if guard.attempts.closed:
        return _pin_page(429, closed=True, next=target)
    address = request.remote_addr or "?"
    wait = guard.attempts.seconds_locked(address)
    if wait:
        return _pin_page(429, locked=True, wait=wait, next=target)
    if guard.pin_matches(request.form.get("pin", "")[:20]):
        session["lan_ticket"] = guard.ticket()
        session.permanent = True
        return redirect(target, code=303)
    guard.attempts.failed(address)
    return _pin_page(401, wrong=True, next=target)


def install(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.session_interface = SessionInterface()
    signing = app.secret_key or b""
    key = signing if isinstance(signing, bytes) else str(signing).encode()
    guard = LanGuard(app.config.get("LAN_PIN"), key)
    app.extensions["td_lan"] = guard
    app.wsgi_app = HostGuard(app.wsgi_app, app)  # type: ignore[method-assign]
    app.register_blueprint(lan)

    @app.before_request
    def _guard() -> ResponseReturnValue | None:
        if (
            guard.enabled
            and not _is_loopback(request.remote_addr)
            and not guard.admits(session.get("lan_ticket"))
        ):
            return _guard_lan(guard)
        # The JSON API reads only bodies sent as application/json, which a cross-site
        # form cannot send, so it needs no token; every HTML form carries one.
        if request.method == "POST" and not request.path.startswith("/api/") and not csrf_ok():
            abort(
                400, description=_("The form has expired. Go back, reload the page and try again.")
            )
        return None
