"""Python sources without their comments and docstrings, line for line: a smaller standard library zip.

build.py runs `minify_zip` in Pyodide (the Python the zip is for, so its tokenizer and compiler read the
sources exactly as the pages will). A source is changed only where it compiles, under -OO (as the pages run
Python), to the same code with the same line numbers; any other is kept as it was.
"""

from __future__ import annotations

import ast
import io
import tokenize
import zipfile
from types import CodeType

BODIES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def minified(source: str) -> str:
    """The source with every comment gone and every docstring emptied, each line where it was."""
    lines = source.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(row: int, column: int, utf8: bool = False) -> int:
        """Where (row, column) is in the source; ast counts columns in UTF-8 bytes, tokenize in characters."""
        if utf8:
            column = len(lines[row - 1].encode()[:column].decode())
        return starts[row - 1] + column

    cuts: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source)):
        first = node.body[0] if isinstance(node, BODIES) and node.body else None
        doc = first.value if isinstance(first, ast.Expr) else None
        if isinstance(doc, ast.Constant) and isinstance(doc.value, str):
            end_row, end_column = doc.end_lineno or doc.lineno, doc.end_col_offset or 0  # ast sets both
            empty = '"""' + "\n" * (end_row - doc.lineno) + '"""'  # a string as tall as the docstring
            cuts.append((offset(doc.lineno, doc.col_offset, True), offset(end_row, end_column, True), empty))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and not (token.start[0] <= 2 and "coding" in token.string):
            start, end = offset(*token.start), offset(*token.end)
            while start > starts[token.start[0] - 1] and source[start - 1] in " \t":
                start -= 1
            cuts.append((start, end, ""))
    parts, at = [], 0
    for start, end, text in sorted(cuts):
        parts += [source[at:start], text]
        at = end
    return "".join([*parts, source[at:]])


def same_code(a: CodeType, b: CodeType) -> bool:
    """Whether two code objects do the same on the same lines (columns aside)."""

    def facts(code: CodeType) -> tuple[object, ...]:
        """What the code does and on which lines, its nested code aside."""
        lines = [line for *_, line in code.co_lines()]
        return code.co_code, code.co_names, code.co_varnames, code.co_flags, lines, len(code.co_consts)

    if facts(a) != facts(b):
        return False
    return all(
        same_code(x, y)
        if isinstance(x, CodeType) and isinstance(y, CodeType)
        else type(x) is type(y) and x == y
        for x, y in zip(a.co_consts, b.co_consts, strict=True)
    )


def smaller(source: str, filename: str) -> str:
    """The minified source if it compiles (-OO) to the same code as the original; else the original."""
    try:
        shorter = minified(source)
        codes = [compile(text, filename, "exec", optimize=2, dont_inherit=True) for text in (source, shorter)]
    except (SyntaxError, ValueError, tokenize.TokenError):
        return source
    return shorter if same_code(*codes) else source


def minify_zip(source: str, target: str) -> dict[str, int]:
    """Write the zip at source to target with every .py member made smaller (each compressed as it was);
    count what changed."""
    counts = {"minified": 0, "kept": 0}
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as out:
        for info in original.infolist():
            data = original.read(info)
            if info.filename.endswith(".py"):
                text = data.decode()
                shorter = smaller(text, info.filename)
                counts["minified" if shorter != text else "kept"] += 1
                data = shorter.encode()
            member = zipfile.ZipInfo(info.filename, info.date_time)
            member.external_attr, member.compress_type = info.external_attr, info.compress_type
            out.writestr(member, data, compresslevel=9)
    return counts
