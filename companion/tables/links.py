"""The join address a phone should open, and its QR code."""
from __future__ import annotations

import io
import ipaddress
import socket
import time
from urllib.parse import urlsplit

import qrcode
from qrcode.image.svg import SvgPathFillImage

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


def qr_svg(data: str) -> bytes:
    """An SVG QR code on a white card with the standard quiet zone, scannable on any page."""
    code = qrcode.QRCode(border=4, box_size=10, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    out = io.BytesIO()
    code.make_image(image_factory=SvgPathFillImage).save(out)
    return out.getvalue()


def qr_terminal(data: str) -> str:
    code = qrcode.QRCode(border=2)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def announcement(host: str, port: int, public_base_url: str | None,
                 lan: str | None) -> tuple[str | None, list[str]]:
    """What ``companion run`` tells the terminal: the address phones should open (the one its
    QR code carries, None when phones cannot reach this server) and the lines to print."""
    local = f"http://127.0.0.1:{port}/"
    wildcard = host in ("0.0.0.0", "::", "")
    if not wildcard and is_local(host):
        return None, [f"Table Companion is running on this computer only: {local}",
                      f"Phones cannot reach {host}. To serve the phones on your network, run: "
                      "./run.sh --host 0.0.0.0"]
    if public_base_url:
        address = public_base_url.rstrip("/") + "/"
    elif not wildcard:
        address = f"http://{host}:{port}/"
    elif lan:
        address = f"http://{lan}:{port}/"
    else:
        return None, [f"Table Companion is running: {local}",
                      "This computer has no network address yet, so phones cannot reach it: "
                      "join the table's Wi-Fi and start it again."]
    return address, ["Table Companion is running.",
                     f"Phones on this network: scan the QR code above or open {address}",
                     f"On this computer: {local}   (Ctrl+C stops it)"]
