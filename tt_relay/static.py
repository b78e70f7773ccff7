"""Static files for the relay's HTTP side: MIME types, Netlify `_headers` rules, safe path lookup.

Standard library only: build.py imports MIME_TYPES and header_rules from here before its venv exists.
"""

from __future__ import annotations

import mimetypes
import re
import urllib.parse
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".toml": "application/toml",
    ".py": "text/x-python; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".xz": "application/x-xz",  # not the type of what it packs (mimetypes' guess): never decoded on the way
    ".gz": "application/gzip",  # likewise
}
# Files that configure the host (Netlify) and are not part of the site.
HIDDEN = frozenset({"_headers", "_redirects"})

HeaderRules = list[tuple[re.Pattern[str], dict[str, str]]]


def header_rules(root: Path) -> HeaderRules:
    """Rules of root/_headers (Netlify syntax: a path pattern, then indented `Name: value` lines)."""
    rules: HeaderRules = []
    source = root / "_headers"
    for line in source.read_text().splitlines() if source.exists() else []:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            pattern = ".*".join(re.escape(part) for part in line.strip().split("*"))
            rules.append((re.compile(f"^{pattern}$"), {}))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1][name.strip()] = value.strip()
    return rules


def content_type(path: Path) -> str:
    """MIME type of a file by its suffix: MIME_TYPES first, then the platform's table."""
    known = MIME_TYPES.get(path.suffix.lower())
    if known:
        return known
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


@dataclass
class StaticResponse:
    """What to answer to one request: status, headers (without Date/Connection) and body."""

    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""

    @property
    def reason(self) -> str:
        """The standard reason phrase of the status."""
        return HTTPStatus(self.status).phrase


def text_response(status: int, text: str, extra: list[tuple[str, str]] | None = None) -> StaticResponse:
    """A short plain-text answer (errors, redirects)."""
    body = text.encode()
    headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))]
    return StaticResponse(status, headers + (extra or []), body)


class StaticSite:
    """A built site folder served read-only: GET and HEAD, index.html for folders, no listings."""

    def __init__(self, root: Path) -> None:
        """Serve root (which must be a folder); _headers is read once, here."""
        self.root = root.resolve()
        if not self.root.is_dir():
            raise FileNotFoundError(f"{root} is not a folder")
        self.rules = header_rules(self.root)

    def locate(self, url_path: str) -> Path | None:
        """The file or folder a URL path names inside root, or None (outside root, hidden or absent)."""
        path = urllib.parse.unquote(url_path)
        parts = [part for part in path.split("/") if part]
        if "\x00" in path or "\\" in path or any(part in (".", "..") for part in parts):
            return None
        if parts and parts[-1] in HIDDEN:
            return None
        target = self.root.joinpath(*parts).resolve()
        if not target.is_relative_to(self.root) or not target.exists():
            return None
        return target

    def extra_headers(self, url_path: str) -> list[tuple[str, str]]:
        """Headers of the _headers rules matching the path (Content-Type comes from MIME_TYPES)."""
        return [
            (name, value)
            for pattern, headers in self.rules
            if pattern.match(url_path)
            for name, value in headers.items()
            if name.lower() != "content-type"
        ]

    def respond(self, method: str, target: str) -> StaticResponse:
        """Answer `method target` (target: the request path with an optional query); reads the file."""
        if method not in ("GET", "HEAD"):
            return text_response(405, "Method not allowed\n", [("Allow", "GET, HEAD")])
        split = urllib.parse.urlsplit(target)
        url_path = split.path or "/"
        found = self.locate(url_path)
        if found is not None and found.is_dir():
            if not url_path.endswith("/"):
                location = url_path + "/" + (f"?{split.query}" if split.query else "")
                return text_response(301, f"Moved to {location}\n", [("Location", location)])
            index = found / "index.html"
            found = index if index.is_file() else None
        if found is None or not found.is_file():
            return text_response(404, "Not found\n")
        body = found.read_bytes()
        headers = [
            ("Content-Type", content_type(found)),
            ("Content-Length", str(len(body))),
            *self.extra_headers(url_path),
        ]
        return StaticResponse(200, headers, b"" if method == "HEAD" else body)
