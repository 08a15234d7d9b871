"""The machine's addresses on its networks (what phones in the room can reach), from the standard
library: each network interface's IPv4 address (Linux), else what the host name resolves to."""

from __future__ import annotations

import contextlib
import socket
import struct

SIOCGIFADDR = 0x8915


def _interface_address(name: str) -> str | None:
    import fcntl

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine other than loopback, in interface order (none found: [])."""
    found: list[str] = []
    with contextlib.suppress(ImportError, OSError):
        for _index, name in socket.if_nameindex():
            address = _interface_address(name)
            if address and not address.startswith("127.") and address not in found:
                found.append(address)
    if not found:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                address = str(info[4][0])
                if not address.startswith("127.") and address not in found:
                    found.append(address)
    return found
