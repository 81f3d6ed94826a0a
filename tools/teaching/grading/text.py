"""What a submission prints is data, never terminal control: every byte
of it reaches the grader's terminal, logs and reports (results.json,
junit.xml, classroom.json) through printable(), which writes each control
character (C0 but newline and tab, DEL, C1, the bidirectional overrides)
and each byte that is no UTF-8 as a visible escape: no colour, no
concealed text, no carriage return over a line, no XML that cannot
parse."""
import re

UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text):
    """text (str, or bytes read as UTF-8) with every control character
    escaped as \\xNN or \\uNNNN."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    return UNPRINTABLE.sub(lambda m: "\\x%02x" % ord(m.group(0)) if ord(m.group(0)) < 256
                           else "\\u%04x" % ord(m.group(0)), text)
