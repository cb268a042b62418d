"""This laptop's addresses on the club network, found without sending anything.

A phone needs an address it can reach: every IPv4 address of the laptop's network
interfaces except loopback. The club room has no internet, so nothing here may depend
on reaching an outside host; three ways are combined, each of which sends nothing:

- the addresses the laptop's own name resolves to (on Windows, every interface's);
- on Linux, each interface's address asked of the kernel (``SIOCGIFADDR``);
- a UDP socket "connected" to a private address: connecting a UDP socket only picks a
  route and the source address for it, no packet leaves the machine.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Iterable

# One address in each private range: connecting a UDP socket to them (no packet is sent)
# tells which local address would be used to reach that part of a club network.
_PRIVATE_PROBES = ("10.255.255.255", "172.31.255.255", "192.168.255.255")
_SIOCGIFADDR = 0x8915  # Linux: read an interface's IPv4 address


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def _by_host_name() -> list[str]:
    name = socket.gethostname()
    found: list[str] = []
    for host in (name, f"{name}.local"):
        try:
            found += [str(i[4][0]) for i in socket.getaddrinfo(host, None, socket.AF_INET)]
        except (OSError, UnicodeError):
            continue
    return found


def _by_interface() -> list[str]:
    if not sys.platform.startswith("linux"):
        return []
    import fcntl  # Linux only

    found: list[str] = []
    try:
        names = [name for _index, name in socket.if_nameindex()]
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
            except OSError:
                continue  # an interface with no IPv4 address
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _by_route() -> list[str]:
    found: list[str] = []
    for target in _PRIVATE_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((target, 9))  # UDP: sets the route, sends nothing
                found.append(str(probe.getsockname()[0]))
            except OSError:
                continue
    return found


FINDERS: tuple[Callable[[], list[str]], ...] = (_by_interface, _by_host_name, _by_route)


def lan_addresses(finders: Iterable[Callable[[], list[str]]] = FINDERS) -> list[str]:
    """Every non-loopback IPv4 address of this machine, each once, in the order found."""
    found: list[str] = []
    for finder in finders:
        try:
            candidates = finder()
        except OSError:
            continue
        for address in candidates:
            if _reachable(address) and address not in found:
                found.append(address)
    return found


def serve_addresses(host: str, lan: bool) -> tuple[str, list[str]]:
    """The address to bind and the addresses to show a phone, for ``serve``.

    ``--lan`` alone listens everywhere; with ``--host`` it listens on that address only,
    and that address is the one phones type (unless it is itself "everywhere").
    """
    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    if bind in ("0.0.0.0", "", "::"):
        return bind, lan_addresses()
    return bind, [bind] if _reachable(bind) else []
