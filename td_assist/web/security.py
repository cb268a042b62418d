"""CSRF protection for forms, and the PIN that guards the app when served to the LAN."""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import threading
import time

from flask import Flask, abort, render_template, request, session
from flask.typing import ResponseReturnValue

from td_assist.paths import user_dir

CSRF_FIELD = "csrf_token"
PIN_TRIES = 5  # wrong PINs allowed from one address ...
PIN_LOCK_SECONDS = 60  # ... before it must wait this long


def secret_key() -> bytes:
    """A per-installation key, kept so sessions survive a restart."""
    path = user_dir() / "secret.key"
    if not path.exists():
        path.write_bytes(secrets.token_bytes(32))
    return path.read_bytes()


def csrf_token() -> str:
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(24)
    return str(session[CSRF_FIELD])


def _is_loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class PinAttempts:
    """Wrong PINs per address, so six digits cannot be guessed by trying them all."""

    def __init__(self) -> None:
        self._failures: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def locked(self, address: str) -> bool:
        with self._lock:
            recent = [
                t
                for t in self._failures.get(address, [])
                if time.monotonic() - t < PIN_LOCK_SECONDS
            ]
            self._failures[address] = recent
            return len(recent) >= PIN_TRIES

    def failed(self, address: str) -> None:
        with self._lock:
            self._failures.setdefault(address, []).append(time.monotonic())


def install(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    attempts = PinAttempts()

    @app.before_request
    def _guard() -> ResponseReturnValue | None:
        pin = app.config.get("LAN_PIN")
        if pin and not _is_loopback(request.remote_addr) and not session.get("pin_ok"):
            if request.endpoint == "static":
                return None
            if request.path == "/pin" and request.method == "POST":
                address = request.remote_addr or "?"
                if attempts.locked(address):
                    return render_template("pin.html", wrong=True, locked=True, next="/"), 429
                typed = request.form.get("pin", "")[:20]
                if hmac.compare_digest(typed.encode(), str(pin).encode()):
                    session["pin_ok"] = True
                    session.permanent = True
                    return app.redirect(
                        request.form.get("next", "/")[:200]
                        if request.form.get("next", "/").startswith("/")
                        else "/"
                    )
                attempts.failed(address)
                return render_template("pin.html", wrong=True, next="/"), 401
            return render_template("pin.html", wrong=False, next=request.full_path[:200]), 401
        # The JSON API reads only bodies sent as application/json, which a cross-site
        # form cannot send, so it needs no token; every HTML form carries one.
        if request.method == "POST" and not request.path.startswith("/api/"):
            sent = request.form.get(CSRF_FIELD, "")
            expected = session.get(CSRF_FIELD, "")
            if not expected or not hmac.compare_digest(str(sent), str(expected)):
                abort(
                    400, description="The form has expired. Go back, reload the page and try again."
                )
        return None
