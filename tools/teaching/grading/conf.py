"""exercises/<name>/grade.conf: which kernel files a submission contributes
to an exercise (files:), which files of earlier exercises it builds on
(uses:, the student's own too), what it needs to run (device: none, cuda or
mpi), its points and its time limit per test in seconds."""
import os

from .kit import ROOT

DEVICES = ("none", "cuda", "mpi")


class ConfError(Exception):
    pass


def read(exercise):
    path = os.path.join(ROOT, "exercises", exercise, "grade.conf")
    conf = {"files": [], "uses": [], "device": "none", "points": 0.0, "timeout": None}
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key in ("files", "uses"):
                conf[key] = value.split()
                if any(name.startswith("/") or ".." in name.split("/") for name in conf[key]):
                    raise ConfError("%s:%d: %s are paths below skeletons/" % (path, number, key))
            elif key == "device":
                if value not in DEVICES:
                    raise ConfError("%s:%d: device is none, cuda or mpi, not '%s'"
                                    % (path, number, value))
                conf["device"] = value
            elif key == "points":
                conf["points"] = float(value)
            elif key == "timeout":
                conf["timeout"] = float(value)
            else:
                raise ConfError("%s:%d: unknown key '%s' (files, uses, device, points, timeout)"
                                % (path, number, key))
    if not conf["files"]:
        raise ConfError("%s names no files" % path)
    return conf


def exercises():
    folder = os.path.join(ROOT, "exercises")
    return sorted(name for name in os.listdir(folder)
                  if os.path.isfile(os.path.join(folder, name, "grade.conf")))
