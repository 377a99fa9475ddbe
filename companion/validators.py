"""Form validators the games share."""
import re

from flask_babel import lazy_gettext as _l
from wtforms.validators import StopValidation, ValidationError

# C0 and C1 controls (a bell, a tab, a line break, DEL …) and the Unicode line and paragraph
# separators: no name field types one; pasted, or sent from a file, each would show as a box
# or break a line on every screen that shows the name
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
CONTROL_IN_NAME = _l("A name cannot hold a control character (an invisible one, such as a tab or "
                     "a line break).")


def has_control(text: str) -> bool:
    return CONTROL.search(text) is not None


def whole_number(form, field):
    """Stop at a value that is not a whole number, with one message a player understands
    (instead of the conversion error followed by a range error about a number never given)."""
    if field.raw_data and field.raw_data[0].strip() and field.data is None:
        field.errors[:] = []
        raise StopValidation(_l("Enter a whole number, for example 12 or -3."))


def typed_name(form, field):
    """A name without control characters."""
    if isinstance(field.data, str) and has_control(field.data):
        raise ValidationError(CONTROL_IN_NAME)
