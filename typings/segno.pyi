"""segno (QR codes; a wheel the table page installs in Pyodide): what web/table/main.py uses."""

class QRCode:
    """A QR code."""

    def svg_inline(self, *, scale: float = ..., dark: str = ..., light: str = ...) -> str: ...

def make(content: str, *, error: str | None = None) -> QRCode: ...
