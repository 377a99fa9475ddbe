"""A score-pad table of three and the phones of its first two seats."""
import pytest

from tests.support import start_table, take_seat


@pytest.fixture
def table(client):
    return start_table(client, players=("Anna", "Bence", "Csilla"))


@pytest.fixture
def anna(app, table):
    phone = app.test_client()
    take_seat(phone, table, 0)
    return phone


@pytest.fixture
def bence(app, table):
    phone = app.test_client()
    take_seat(phone, table, 1)
    return phone
