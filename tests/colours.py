"""Helpers for tests: colours and the WCAG contrast between them."""


def rgb(hex_colour: str) -> tuple[int, int, int]:
    """Return the (r, g, b) of a #rgb or #rrggbb colour."""
    digits = hex_colour[1:] if len(hex_colour) == 7 else "".join(d * 2 for d in hex_colour[1:])
    r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    return r, g, b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Return the WCAG contrast ratio of two (r, g, b) colours."""

    def luminance(colour: tuple[float, ...]) -> float:
        """Return the WCAG relative luminance of an (r, g, b) colour."""
        lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
