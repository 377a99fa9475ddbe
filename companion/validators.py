"""Form validators the games share."""
from flask_babel import lazy_gettext as _l
from wtforms.validators import StopValidation


def whole_number(form, field):
    """Stop at a value that is not a whole number, with one message a player understands
    (instead of the conversion error followed by a range error about a number never given)."""
    if field.raw_data and field.raw_data[0].strip() and field.data is None:
        field.errors[:] = []
        raise StopValidation(_l("Enter a whole number, for example 12 or -3."))
