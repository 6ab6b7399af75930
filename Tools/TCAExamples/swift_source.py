"""Just enough of Swift's lexical structure to cut a file into its top-level declarations and to
find the reducer closure of a `TestStore(...)` call: brackets counted outside strings and comments.
"""

import re


def scan(text):
    """Yields (index, char) for every character outside comments and string literals."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c == '"':
            i = skip_string(text, i)
            continue
        yield i, c
        i += 1


def skip_string(text, i):
    """The index just past the string literal that starts at `i` (plain, raw or multi-line)."""
    hashes = 0
    while i - 1 - hashes >= 0 and text[i - 1 - hashes] == "#":
        hashes += 1
    if hashes:
        closing = ('"""' if text.startswith('"""', i) else '"') + "#" * hashes
        end = text.find(closing, i + len(closing) - hashes)
        return len(text) if end < 0 else end + len(closing)
    if text.startswith('"""', i):
        end = text.find('"""', i + 3)
        return len(text) if end < 0 else end + 3
    j = i + 1
    depth = 0
    while j < len(text):
        c = text[j]
        if c == "\\" and text.startswith("\\(", j):
            depth += 1
            j += 2
            continue
        if c == "\\":
            j += 2
            continue
        if depth > 0:
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            j += 1
            continue
        if c == '"' or c == "\n":
            return j + 1
        j += 1
    return j


def matching(text, start):
    """The index of the bracket that closes the one at `start`."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack = []
    for i, c in scan_from(text, start):
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")}]":
            if not stack or stack.pop() != c:
                raise ValueError(f"unbalanced {c} at {i}")
            if not stack:
                return i
    raise ValueError(f"no closing bracket for {text[start]} at {start}")


def scan_from(text, start):
    for i, c in scan(text[start:]):
        yield start + i, c


def top_level_items(text):
    """Cuts a file into top-level items: (start, end, header) with header the text before the
    item's first brace (or the whole item when it has none)."""
    items = []
    depth = 0
    start = 0
    brace = None
    for i, c in scan(text):
        if c in "([{":
            if depth == 0 and c == "{" and brace is None:
                brace = i
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0 and c == "}":
                rest = text[i + 1 :]
                following = re.match(r"[ \t]*(\n|$)", rest)
                # NB: `} else {`, `}()`, `} ?? x` and the like continue the item.
                if following:
                    end = i + 1 + following.end()
                    items.append((start, end, text[start : brace if brace is not None else end]))
                    start, brace = end, None
        elif c == "\n" and depth == 0:
            header = strip_comments(text[start:i]).strip()
            if header and not ATTRIBUTES.fullmatch(header) and not continues(text, i):
                items.append((start, i + 1, text[start : brace if brace is not None else i + 1]))
                start, brace = i + 1, None
    if start < len(text):
        items.append((start, len(text), text[start:]))
    return items


ATTRIBUTES = re.compile(r"(\s*@[\w.]+(\([^)]*\))?)+")


def continues(text, newline):
    """Whether the statement on the line ending at `newline` goes on to the next line."""
    rest = text[newline + 1 :].lstrip()
    return rest.startswith((".", "?", ":", "&&", "||", "+", "where", "->", "=", ","))


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))
