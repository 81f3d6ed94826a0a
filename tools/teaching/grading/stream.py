"""The streams of named arrays that the graded programs write
(tests/grade/grade_stream.h): the expected one from the grader's own build
or the shipped data, the actual one from the student's build in the
sandbox. An actual stream is hostile input: every length is checked
against what is left, and a stream that breaks keeps the cases read before.
"""
import re

VALUE_SIZES = {"r": None, "d": 8}  # r: the precision's size, from the header
LINE_LIMIT = 4096
CASE = re.compile(rb"case (\d{1,6}) (\d{1,6}) (\S{1,40})$")
LAUNCH = re.compile(rb"launch (\d{1,3}) ([ -~]{1,400})$")
FIELD = re.compile(rb"field ([A-Za-z_][A-Za-z0-9_]{0,62}) (\d{1,12}) ([rd]) ([a-z-]{1,24})"
                   rb"((?: -?\d{1,9}){6})(?: ([0-9.eE+]{1,40}))?$")


class StreamError(Exception):
    pass


class Field:
    def __init__(self, name, count, kind, layout, numbers, hint, raw, value_size, scale=1.0):
        self.name, self.count, self.kind, self.layout = name, count, kind, layout
        self.numbers, self.hint, self.raw, self.value_size = numbers, hint, raw, value_size
        self.scale = scale  # of the case's tolerance, for an ill-conditioned value


class Case:
    def __init__(self, number, cases, tolerance, description):
        self.number, self.cases, self.tolerance = number, cases, tolerance
        self.description = description
        self.launch = None  # (ranks, arguments) of an MPI case
        self.fields = []


class Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def line(self):
        end = self.data.find(b"\n", self.at, self.at + LINE_LIMIT)
        if end < 0:
            raise StreamError("a line is cut short or too long at byte %d" % self.at)
        text, self.at = self.data[self.at:end], end + 1
        return text

    def peek_is(self, prefix):
        return self.data.startswith(prefix, self.at)

    def block(self, size):
        if size > len(self.data) - self.at:
            raise StreamError("the values end early at byte %d" % self.at)
        chunk, self.at = self.data[self.at:self.at + size], self.at + size
        return chunk

    def done(self):
        return self.at >= len(self.data)


def header_of(reader):
    fields = reader.line().split(b" ")
    if len(fields) != 4 or fields[:2] != [b"shallows-grade-stream", b"1"] or \
            fields[2] not in (b"single", b"double") or fields[3] not in (b"4", b"8"):
        raise StreamError("it does not start as a stream of shallows-grade")
    return fields[2].decode(), int(fields[3])


def split_text(line):
    head, _, text = line.partition(b"\t")
    return head, text.decode("utf-8", "replace")


def field_of(reader, real_size):
    head, hint = split_text(reader.line())
    match = FIELD.match(head)
    if not match:
        raise StreamError("a field line is malformed: %r" % head[:80])
    name, count, kind, layout, numbers, scale = match.groups()
    count = int(count)
    scale = scale_of(scale)
    size = real_size if kind == b"r" else 8
    raw = reader.block(count * size)
    return Field(name.decode(), count, kind.decode(), layout.decode(),
                 [int(n) for n in numbers.split()], hint, raw, size, scale)


def scale_of(text):
    if text is None:
        return 1.0
    try:
        scale = float(text)
    except ValueError:
        raise StreamError("a field line has a malformed tolerance scale") from None
    if not 1.0 <= scale < float("inf"):
        raise StreamError("a field's tolerance scale is not a number of at least 1")
    return scale


def tolerance_of(text):
    try:
        return float(text)
    except ValueError:
        raise StreamError("a case line has no tolerance") from None


def parse(data):
    """(precision, cases by number, problem): the cases read before the
    stream ended or broke, and what broke it (None when it ended cleanly)."""
    reader = Reader(data)
    cases = {}
    try:
        precision, real_size = header_of(reader)
    except StreamError as error:
        return None, cases, str(error) if data else "nothing"
    current = None
    try:
        while not reader.done():
            if reader.peek_is(b"case "):
                head, description = split_text(reader.line())
                match = CASE.match(head)
                if not match:
                    raise StreamError("a case line is malformed: %r" % head[:80])
                current = Case(int(match.group(1)), int(match.group(2)),
                               tolerance_of(match.group(3)), description)
                cases.setdefault(current.number, current)
            elif current is not None and reader.peek_is(b"launch "):
                match = LAUNCH.match(split_text(reader.line())[0])
                if not match:
                    raise StreamError("a launch line is malformed")
                current.launch = (int(match.group(1)), match.group(2).decode().split())
            elif current is not None and reader.peek_is(b"field "):
                current.fields.append(field_of(reader, real_size))
            else:
                raise StreamError("unexpected bytes at byte %d" % reader.at)
    except StreamError as error:
        return precision, cases, str(error)
    return precision, cases, None
