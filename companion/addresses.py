"""Where phones reach this app: this machine's address on the local network, and the base of
every link a page hands a player to pass on (a table's join link, a saved sheet's share link)."""
from __future__ import annotations

import ipaddress
import socket
import time
from urllib.parse import urlsplit

LOCAL_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


LAN_SECONDS = 10.0      # how long the LAN address found is used (a laptop may change network)
_LAN: list = [None, -LAN_SECONDS]


def lan_address() -> str | None:
    """This machine's address on the local network, without sending anything, found again
    every LAN_SECONDS (a screen opened on this machine asks for it with every render).

    Connecting a UDP socket sends no packet; it only asks the routing table which local address
    would be used (192.0.2.1 is a documentation address, never reached)."""
    now = time.monotonic()
    if now - _LAN[1] >= LAN_SECONDS:
        _LAN[:] = [_find_lan_address(), now]
    return _LAN[0]


def _find_lan_address() -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def is_local(host: str) -> bool:
    name = urlsplit(f"//{host}").hostname or ""
    if name in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def base_url(request_host_url: str, public_base_url: str | None) -> str:
    """Where phones reach this app: the configured public address, else the LAN address when
    the browser came through localhost, else the address the browser used."""
    if public_base_url:
        return public_base_url.rstrip("/")
    parts = urlsplit(request_host_url)
    if is_local(parts.netloc):
        lan = lan_address()
        if lan:
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{lan}{port}"
    return f"{parts.scheme}://{parts.netloc}"
