"""The join address a phone should open, and its QR code."""
from __future__ import annotations

import io

import qrcode
from qrcode.image.svg import SvgPathFillImage

from ..addresses import is_local

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
