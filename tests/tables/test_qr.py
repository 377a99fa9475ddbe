"""The QR code on the host screen: phones that scan it land on the table's join page."""
from __future__ import annotations

import io

import cairosvg
import pytest
import zxingcpp
from PIL import Image

from companion.addresses import lan_address
from tests.support import start_table, take_seat, text_of



def scan(svg: bytes) -> str:
    """What a phone's camera reads from the QR code."""
    png = cairosvg.svg2png(bytestring=svg, output_width=600)
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, f"expected one QR code, found {len(codes)}"
    return codes[0].text


def qr_of(client, code, base_url=None):
    kwargs = {"base_url": base_url} if base_url else {}
    response = client.get(f"/t/{code}/qr.svg", **kwargs)
    assert response.status_code == 200
    return response


def test_the_qr_code_is_an_svg_image(client):
    code = start_table(client)
    response = qr_of(client, code)
    assert response.mimetype == "image/svg+xml"
    assert response.get_data().lstrip().startswith((b"<?xml", b"<svg"))
    assert b"<svg" in response.get_data()


def test_the_qr_code_carries_the_configured_public_address(app, client):
    app.config["PUBLIC_BASE_URL"] = "http://games.example:8000"
    code = start_table(client)
    assert scan(qr_of(client, code).get_data()) == f"http://games.example:8000/j/{code}"


def test_a_trailing_slash_in_the_public_address_is_not_doubled(app, client):
    app.config["PUBLIC_BASE_URL"] = "http://games.example:8000/"
    code = start_table(client)
    assert scan(qr_of(client, code).get_data()) == f"http://games.example:8000/j/{code}"


def test_a_host_screen_on_localhost_shows_the_machines_network_address(client):
    code = start_table(client)
    text = scan(qr_of(client, code, base_url="http://localhost:5000").get_data())
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no address on a local network")
    assert "localhost" not in text
    assert "127." not in text
    assert text == f"http://{lan}:5000/j/{code}"


def test_a_host_screen_on_the_loopback_address_shows_the_network_address_too(client):
    code = start_table(client)
    text = scan(qr_of(client, code, base_url="http://127.0.0.1:5000").get_data())
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no address on a local network")
    assert text == f"http://{lan}:5000/j/{code}"


def test_a_host_screen_opened_through_the_network_uses_that_address(client):
    code = start_table(client)
    text = scan(qr_of(client, code, base_url="http://192.168.1.20:5000").get_data())
    assert text == f"http://192.168.1.20:5000/j/{code}"


def test_the_host_screen_prints_the_same_join_address_as_the_qr_code(app, client):
    app.config["PUBLIC_BASE_URL"] = "http://games.example:8000"
    code = start_table(client)
    page = text_of(client.get(f"/t/{code}"))
    assert f"http://games.example:8000/j/{code}" in page
    assert f'src="/t/{code}/qr.svg"' in client.get(f"/t/{code}").get_data(as_text=True)


def test_the_qr_code_never_carries_a_seat_or_host_secret(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 0)
    host_secret = client.get_cookie(f"tc_host_{code}").value
    seat_secret = phone.get_cookie(f"tc_seat_{code}").value

    for who in (client, phone):
        response = qr_of(who, code, base_url="http://192.168.1.20:5000")
        text = scan(response.get_data())
        assert text == f"http://192.168.1.20:5000/j/{code}"
        for secret in (host_secret, seat_secret):
            assert secret not in text
            assert secret.encode() not in response.get_data()
