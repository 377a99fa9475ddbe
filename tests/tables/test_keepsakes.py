"""The play remembered: after the game the host screen and each seat add photos of the final
table and a note; a photo is kept upright, at most 2048 pixels, without any metadata (its
location above all); a hostile file is refused in words and nothing is kept; the play goes out
as one zip (record, photos, notes) and comes back through the import."""
from __future__ import annotations

import io
import json
import re
import struct
import uuid
import zipfile
import zlib

import pytest
from PIL import Image

from companion import photos, plays
from companion.cli import cli
from companion.errors import RuleError
from tests.support import enter, table_count, text_of

TABLE = "a photo and a note kept with the table"


def finish(client, code):
    response = client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"})
    assert response.status_code in (200, 303), response.get_data(as_text=True)


@pytest.fixture
def finished(client, table, anna, bence):
    enter(anna, table, 1, 12)
    enter(bence, table, 1, 7)
    finish(client, table)
    return table


def jpeg(size=(640, 480), orientation: int | None = None, gps: bool = False,
         colour=(200, 40, 40)) -> bytes:
    """A JPEG as a phone writes one: its EXIF orientation, its location."""
    image = Image.new("RGB", size, colour)
    image.paste((20, 20, 220), (0, 0, size[0] // 2, size[1] // 4))   # a mark: which way is up
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    if gps:
        place = exif.get_ifd(0x8825)
        place[1], place[2], place[3], place[4] = "N", (47.0, 29.0, 52.0), "E", (19.0, 2.0, 26.0)
    exif[0x010F] = "PhoneMaker"
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), comment=b"taken at home", quality=90)
    return out.getvalue()


def send(client, code, data: bytes, name="photo.jpg", host=False):
    """The photo form posted, its body written whole (a test client's file of more than
    500 kB would be spooled to a file it leaves open)."""
    fields = b"".join(b'--X\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
                      % (key, value) for key, value in
                      [(b"nonce", uuid.uuid4().hex.encode())] + [(b"screen", b"host")] * host)
    body = (fields + b'--X\r\nContent-Disposition: form-data; name="photo"; filename="%s"\r\n'
            b"Content-Type: image/jpeg\r\n\r\n%s\r\n--X--\r\n" % (name.encode(), data))
    return client.post(f"/t/{code}/photos", data=body,
                       content_type="multipart/form-data; boundary=X")


def photo_ids(client, code) -> list[str]:
    """The photos' ids as the host screen lists them."""
    return re.findall(rf"/t/{code}/photos/(\d+)\.jpg\"", client.get(f"/t/{code}").get_data(as_text=True))[::2]


def kept(app) -> list[tuple[bytes, int, int]]:
    from companion.extensions import db
    from companion.models import Photo

    with app.app_context():
        return [(p.data, p.width, p.height) for p in db.session.query(Photo).order_by(Photo.id)]


# --- a photo kept ---------------------------------------------------------------------------

@pytest.mark.storage(TABLE)
def test_a_phone_photo_is_kept_upright_small_and_without_its_location(app, client, finished,
                                                                       anna):
    sent = jpeg((3000, 2000), orientation=6, gps=True)      # on its side, as phones write it
    response = send(anna, finished, sent)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{finished}/phone#remembered")
    [(data, width, height)] = kept(app)
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG"
    assert (width, height) == image.size == (1365, 2048)     # turned upright, at most 2048
    assert not image.getexif()                                # no EXIF at all: no GPS, no maker
    assert set(image.info) <= {"jfif", "jfif_version", "jfif_unit", "jfif_density", "dpi"}
    assert b"Exif" not in data and b"taken at home" not in data and b"PhoneMaker" not in data
    # the mark in the first quarter of the top became the right side's top, upright
    assert image.convert("RGB").getpixel((width - 20, 20))[2] > 150
    assert "Anyone with the table's code can see these photos." in text_of(anna.get(f"/t/{finished}/phone"))
    [photo_id] = photo_ids(client, finished)
    shown = app.test_client().get(f"/t/{finished}/photos/{photo_id}.jpg")   # anyone with the code
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg" and shown.data == data


def test_a_photo_waits_for_the_end_of_the_game_and_a_stranger_adds_none(app, client, table, anna):
    assert send(anna, table, jpeg()).status_code == 422
    finish(client, table)
    assert send(app.test_client(), table, jpeg()).status_code == 403
    assert kept(app) == []


@pytest.mark.parametrize("name, data, words", [
    ("text named photo.jpg", b"Dear host, this is no picture at all.\n" * 40, "not a photo"),
    ("a truncated JPEG", jpeg((800, 600))[:3000], "damaged or cut short"),
])
def test_a_file_that_is_no_photo_is_refused_in_words(app, finished, anna, name, data, words):
    response = send(anna, finished, data)
    assert response.status_code == 422 and words in text_of(response)
    assert kept(app) == []


def png_declaring(width: int, height: int) -> bytes:
    """A small PNG whose header declares ``width`` × ``height`` pixels (a decompression bomb's
    header: its few bytes of data would inflate to that)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + \
        chunk(b"IDAT", zlib.compress(b"\0" * 60_000)) + chunk(b"IEND", b"")


def test_a_decompression_bomb_is_refused_before_it_is_decoded(app, finished, anna):
    response = send(anna, finished, png_declaring(20000, 20000), "photo.png")
    assert response.status_code == 422
    assert "too many pixels (400 megapixels): at most 50 megapixels" in text_of(response)
    assert kept(app) == []


def test_a_30_mb_body_is_refused_by_the_photo_routes_own_limit(app, finished, anna):
    response = send(anna, finished, b"\xff" * (30 * 1024 * 1024))
    assert response.status_code == 413
    assert "That photo is too large: at most 15 MB." in text_of(response)
    assert kept(app) == []
    # the other routes keep the app's limit of 1 MB
    assert anna.post(f"/t/{finished}/note", data={"note": "x" * (2 * 1024 * 1024)}).status_code == 413


def test_a_photo_of_5_mb_passes_the_limit_that_other_routes_keep(app, finished, anna):
    """A phone's photo (here PNG noise, 5 MB) is taken: the route's own limit, not the app's."""
    noisy = Image.frombytes("RGB", (1400, 1250), bytes(range(256)) * (1400 * 1250 * 3 // 256 + 1))
    out = io.BytesIO()
    noisy.save(out, "PNG", compress_level=0)
    assert len(out.getvalue()) > 5_000_000
    assert send(anna, finished, out.getvalue(), "photo.png").status_code == 303
    assert kept(app)[0][1:] == (1400, 1250)


@pytest.mark.storage(TABLE)
def test_a_table_keeps_its_number_of_photos_and_the_host_deletes_one_to_make_room(
        app, client, finished, anna, bence):
    assert app.config["PHOTOS_PER_TABLE"] == 6
    app.config["PHOTOS_PER_TABLE"] = 2         # as 6 does, in fewer photos
    small = jpeg((80, 60))
    for phone in (anna, bence):
        assert send(phone, finished, small).status_code == 303
    refused = send(anna, finished, small)
    assert refused.status_code == 422 and "keeps 2 photos at most" in text_of(refused)
    assert len(kept(app)) == 2
    first = photo_ids(client, finished)[0]
    assert anna.post(f"/t/{finished}/photos/{first}/delete").status_code == 403   # a seat
    assert len(kept(app)) == 2
    assert client.post(f"/t/{finished}/photos/{first}/delete").status_code == 303  # the host
    assert len(kept(app)) == 1
    assert client.get(f"/t/{finished}/photos/{first}.jpg").status_code == 404
    assert send(anna, finished, small).status_code == 303


def test_photos_from_one_address_are_limited_per_hour(app, client, finished, anna):
    app.config["PHOTO_LIMIT"] = "2 per hour"
    small = jpeg((40, 30))
    assert send(anna, finished, small).status_code == 303
    assert send(anna, finished, b"not a photo").status_code == 422     # a try counts too
    over = send(client, finished, small, host=True)
    assert over.status_code == 429 and "Too many photos" in text_of(over)
    assert len(kept(app)) == 1


# --- notes ----------------------------------------------------------------------------------

@pytest.mark.storage(TABLE)
def test_a_note_per_seat_and_the_hosts_the_latest_kept(app, client, finished, anna, bence):
    assert anna.post(f"/t/{finished}/note", data={"note": "Bence's hotels!"}).status_code == 303
    assert anna.post(f"/t/{finished}/note", data={"note": "Close game."}).status_code == 303
    assert bence.post(f"/t/{finished}/note", data={"note": "Rematch soon"}).status_code == 303
    assert client.post(f"/t/{finished}/note",
                       data={"note": "Played at Csilla's", "screen": "host"}).status_code == 303
    shown = text_of(client.get(f"/t/{finished}"))
    assert "Host screen Played at Csilla's Anna Close game. Bence Rematch soon" in shown
    assert "Bence's hotels!" not in shown
    assert "Close game." in text_of(anna.get(f"/t/{finished}/story"))
    assert app.test_client().post(f"/t/{finished}/note", data={"note": "hi"}).status_code == 403


def test_a_note_of_more_than_500_characters_is_refused_and_the_old_one_stays(finished, anna):
    anna.post(f"/t/{finished}/note", data={"note": "Kept."})
    response = anna.post(f"/t/{finished}/note", data={"note": "é" * 501})
    assert response.status_code == 422 and "at most 500 characters" in text_of(response)
    assert "Kept." in text_of(anna.get(f"/t/{finished}/phone"))
    assert anna.post(f"/t/{finished}/note", data={"note": "é" * 500}).status_code == 303


def test_the_section_alone_is_what_each_screen_fetches_again_when_the_table_changes(
        app, client, finished, anna):
    assert send(anna, finished, jpeg((80, 60))).status_code == 303
    anna.post(f"/t/{finished}/note", data={"note": "Close game."})
    own = anna.get(f"/t/{finished}/remembered")
    html = own.get_data(as_text=True)
    assert own.headers["Cache-Control"] == "no-store"
    assert html.lstrip().startswith('<section class="card keepsakes" id="remembered"')
    assert "Close game." in html and html.count(f"/t/{finished}/photos/") == 2 and "delete" not in html
    assert f'data-remembered="/t/{finished}/remembered?view=phone"' in html
    host = client.get(f"/t/{finished}/remembered?view=host").get_data(as_text=True)
    assert "/delete" in host and 'name="screen" value="host"' in host
    # a phone asking for the host's section gets its own; a stranger sees, and adds nothing
    assert "/delete" not in anna.get(f"/t/{finished}/remembered?view=host").get_data(as_text=True)
    stranger = app.test_client().get(f"/t/{finished}/remembered").get_data(as_text=True)
    assert "Close game." in stranger and "photo-form" not in stranger
    assert app.test_client().get("/t/ZZZZZ/remembered").status_code == 404


# --- the result card ------------------------------------------------------------------------

@pytest.mark.storage(TABLE)
def test_the_result_card_carries_the_photo_the_host_chose(app, client, finished, anna):
    send(anna, finished, jpeg((300, 200), colour=(250, 0, 0)))
    send(anna, finished, jpeg((300, 200), colour=(0, 0, 250)))
    second = photo_ids(client, finished)[1]

    def card_corner():
        card = client.get(f"/t/{finished}/card.png?lang=en")
        return Image.open(io.BytesIO(card.data)).convert("RGB").getpixel((1100, 560))

    assert card_corner()[0] > 200               # the first photo (red) by default
    assert anna.post(f"/t/{finished}/photos/{second}/card").status_code == 403    # a seat
    assert client.post(f"/t/{finished}/photos/{second}/card").status_code == 303
    assert card_corner()[2] > 200               # the one chosen (blue)


# --- the play as one zip --------------------------------------------------------------------

def zipped(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def import_play(client, data: bytes):
    return client.post("/import", data={"record": (io.BytesIO(data), "play.zip")},
                       content_type="multipart/form-data")


@pytest.mark.storage(TABLE)
def test_the_play_goes_out_as_one_zip_and_comes_back_whole(app, client, finished, anna):
    send(anna, finished, jpeg((400, 300), gps=True))
    send(client, finished, jpeg((200, 300)), host=True)
    anna.post(f"/t/{finished}/note", data={"note": "Photo finish ✓"})
    client.post(f"/t/{finished}/note", data={"note": "Good night", "screen": "host"})
    download = client.get(f"/t/{finished}/play.zip")
    assert download.mimetype == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(download.data))
    assert sorted(archive.namelist()) == ["notes.json", "photos/1.jpg", "photos/2.jpg",
                                          "record.json"]
    assert archive.read("record.json") == client.get(f"/t/{finished}/record.json").data
    assert json.loads(archive.read("notes.json")) == {"notes": [
        {"host": True, "text": "Good night"}, {"player": "Anna", "text": "Photo finish ✓"}]}
    photos_out = [archive.read(f"photos/{n}.jpg") for n in (1, 2)]
    assert photos_out == [data for data, _w, _h in kept(app)]

    again = app.test_client()
    response = import_play(again, download.data)
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert again.get(f"/t/{code}/record.json").get_json()["events"] == \
        client.get(f"/t/{finished}/record.json").get_json()["events"]
    back = zipfile.ZipFile(io.BytesIO(again.get(f"/t/{code}/play.zip").data))
    assert json.loads(back.read("notes.json")) == json.loads(archive.read("notes.json"))
    assert [Image.open(io.BytesIO(back.read(f"photos/{n}.jpg"))).size for n in (1, 2)] == \
        [(400, 300), (200, 300)]
    assert "Photo finish ✓" in text_of(again.get(f"/t/{code}"))


@pytest.mark.parametrize("members, words", [
    ({"../record.json": b"{}"}, "not “../record.json”"),
    ({"record.json": b"{}", "photos/1.jpg": b"hello"}, "Photo 1 of the play: That file is not a photo"),
    ({"notes.json": b"{}"}, "holds no record.json"),
    ({"record.json": b"x" * 600_000}, "record.json in that zip is too large: at most 512 kB"),
    ({"record.json": b"{}", **{f"photos/{n}.jpg": b"x" for n in range(1, 8)}},
     "That play holds 7 photos: a table keeps at most 6."),
])
def test_a_hostile_or_broken_play_is_refused_in_words_and_opens_no_table(app, client, finished,
                                                                          members, words):
    record = client.get(f"/t/{finished}/record.json").data
    members = {name: (record if data == b"{}" else data) for name, data in members.items()}
    response = import_play(client, zipped(members))
    assert response.status_code == 422 and words in text_of(response)
    assert table_count(app) == 1


def test_a_zip_bomb_stops_at_the_cap_of_its_member():
    bomb = zipped({"record.json": b"{" + b" " * (20 * 1024 * 1024)})   # 20 MB in 20 kB
    assert len(bomb) < 40_000
    with pytest.raises(RuleError, match="too large: at most 512 kB"):
        plays.read(bomb, 512 * 1024, 6, photos.MAX_BYTES)


def test_a_note_in_the_zip_by_no_player_of_the_record_is_refused(app, client, finished):
    record = client.get(f"/t/{finished}/record.json").data
    notes = json.dumps({"notes": [{"player": "Zoltán", "text": "hi"}]}).encode()
    response = import_play(client, zipped({"record.json": record, "notes.json": notes}))
    assert response.status_code == 422 and "by Zoltán, who has no seat" in text_of(response)


def test_companion_import_takes_a_play_and_says_why_it_refuses_one(app, client, finished, anna,
                                                                   runner, tmp_path):
    send(anna, finished, jpeg((120, 90)))
    path = tmp_path / "play.zip"
    path.write_bytes(client.get(f"/t/{finished}/play.zip").data)
    done = runner.invoke(cli, ["import", str(path)])
    assert done.exit_code == 0, done.output
    assert len(kept(app)) == 2
    path.write_bytes(zipped({"record.json": b"{}", "photos/1.jpg": b"<html>"}))
    refused = runner.invoke(cli, ["import", str(path)])
    assert refused.exit_code == 2
    assert "error: " in refused.output
    path.write_bytes(b"PK\x03\x04 broken")
    broken = runner.invoke(cli, ["import", str(path)])
    assert broken.exit_code == 2 and "not a zip this app can read" in broken.output
