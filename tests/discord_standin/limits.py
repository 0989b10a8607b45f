"""Discord's limits on messages, embeds, components, attachments, modals and autocomplete results.

Each ``check_*`` function returns a list of :class:`~.errors.Problem`; an empty list means the payload is within
Discord's documented limits. The rule ids (``Problem.rule``) are stable so tests can look for them.
"""

from __future__ import annotations

from typing import Any

from .errors import Problem

__all__ = [
    "ACTION_ROWS_MAX",
    "ATTACHMENTS_MAX",
    "ATTACHMENT_BYTES_MAX",
    "CONTENT_MAX",
    "check_autocomplete",
    "check_components",
    "check_embeds",
    "check_message",
    "check_modal",
    "embed_total_length",
]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ATTACHMENTS_MAX = 10
ATTACHMENT_BYTES_MAX = 10 * 1024 * 1024
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_VALUES_MAX = 25
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
LABEL_DESCRIPTION_MAX = 100
TEXT_INPUT_LENGTH_MAX = 4000
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_DISPLAY_MAX = 4000
AUTOCOMPLETE_CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_STRING_VALUE_MAX = 100

SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
V2_TYPES = frozenset({9, 10, 11, 12, 13, 14, 17})
IS_COMPONENTS_V2 = 1 << 15

Path = tuple[str | int, ...]


class _Checker:
    """Collects problems with helpers for the common checks."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, rule: str, path: Path, code: str, message: str) -> None:
        self.problems.append(Problem(rule=rule, path=path, code=code, message=message))

    def text(self, rule: str, path: Path, value: Any, *, maximum: int, minimum: int = 0, required: bool = False) -> int:
        """Check an optional (or required) string's length; returns its length (0 if absent)."""
        what = ".".join(str(p) for p in path)
        if value is None:
            if required:
                self.add(rule, path, "BASE_TYPE_REQUIRED", f"{what} is required")
            return 0
        if not isinstance(value, str):
            self.add(rule, path, "BASE_TYPE_STRING", f"{what} must be a string, got {type(value).__name__}")
            return 0
        length = len(value)
        if length > maximum:
            self.add(
                rule,
                path,
                "BASE_TYPE_MAX_LENGTH",
                f"{what} is {length} characters; Discord allows at most {maximum}",
            )
        elif length < minimum:
            self.add(
                rule,
                path,
                "BASE_TYPE_MIN_LENGTH",
                f"{what} is {length} characters; Discord needs at least {minimum}",
            )
        return length


def embed_total_length(embed: dict[str, Any]) -> int:
    """Characters that count towards the 6,000 total: title, description, field names and values, footer, author."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for fld in embed.get("fields") or []:
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    return total


def check_embeds(embeds: Any, path: Path = ("embeds",)) -> list[Problem]:
    """Embed limits: at most 10 embeds; title 256, description 4096, 25 fields (name 256, value 1024), footer 2048,
    author name 256, and 6,000 characters over all embeds of the message."""
    c = _Checker()
    if embeds is None:
        return []
    if not isinstance(embeds, list):
        c.add("embeds.type", path, "BASE_TYPE_ARRAY", "embeds must be an array")
        return c.problems
    if len(embeds) > EMBEDS_MAX:
        c.add(
            "embeds.count", path, "BASE_TYPE_MAX_LENGTH", f"{len(embeds)} embeds; Discord allows at most {EMBEDS_MAX}"
        )
    total = 0
    for i, embed in enumerate(embeds):
        here = (*path, i)
        if not isinstance(embed, dict):
            c.add("embeds.type", here, "MODEL_TYPE_CONVERT", "an embed must be an object")
            continue
        c.text("embed.title", (*here, "title"), embed.get("title"), maximum=EMBED_TITLE_MAX)
        c.text("embed.description", (*here, "description"), embed.get("description"), maximum=EMBED_DESCRIPTION_MAX)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            c.add(
                "embed.fields_count",
                (*here, "fields"),
                "BASE_TYPE_MAX_LENGTH",
                f"{len(fields)} fields in an embed; Discord allows at most {EMBED_FIELDS_MAX}",
            )
        for j, fld in enumerate(fields):
            c.text(
                "embed.field_name",
                (*here, "fields", j, "name"),
                fld.get("name"),
                maximum=EMBED_FIELD_NAME_MAX,
                minimum=1,
                required=True,
            )
            c.text(
                "embed.field_value",
                (*here, "fields", j, "value"),
                fld.get("value"),
                maximum=EMBED_FIELD_VALUE_MAX,
                minimum=1,
                required=True,
            )
        footer = embed.get("footer")
        if footer is not None:
            c.text(
                "embed.footer", (*here, "footer", "text"), footer.get("text"), maximum=EMBED_FOOTER_MAX, required=True
            )
        author = embed.get("author")
        if author is not None:
            c.text(
                "embed.author", (*here, "author", "name"), author.get("name"), maximum=EMBED_AUTHOR_MAX, required=True
            )
        color = embed.get("color")
        if color is not None and (not isinstance(color, int) or not 0 <= color <= 0xFFFFFF):
            c.add("embed.color", (*here, "color"), "NUMBER_TYPE_MAX", f"color {color!r} is not in 0..0xFFFFFF")
        total += embed_total_length(embed)
    if total > EMBED_TOTAL_MAX:
        c.add(
            "embeds.total",
            path,
            "MAX_EMBED_SIZE_EXCEEDED",
            f"embeds hold {total} characters in total; Discord allows at most {EMBED_TOTAL_MAX}",
        )
    return c.problems


def _check_button(c: _Checker, button: dict[str, Any], path: Path) -> None:
    style = button.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        c.add("button.style", (*path, "style"), "BASE_TYPE_CHOICES", f"button style {style!r} is not 1..6")
        return
    c.text("components.label_length", (*path, "label"), button.get("label"), maximum=BUTTON_LABEL_MAX)
    if style in (1, 2, 3, 4):
        if button.get("url") is not None:
            c.add("button.url", (*path, "url"), "COMPONENT_INVALID", "only link buttons (style 5) may have a url")
        c.text(
            "components.custom_id_length",
            (*path, "custom_id"),
            button.get("custom_id"),
            maximum=CUSTOM_ID_MAX,
            minimum=1,
            required=True,
        )
    elif style == 5:
        if button.get("custom_id") is not None:
            c.add(
                "button.custom_id", (*path, "custom_id"), "COMPONENT_INVALID", "a link button cannot have a custom_id"
            )
        if not button.get("url"):
            c.add("button.url", (*path, "url"), "BASE_TYPE_REQUIRED", "a link button needs a url")
    elif not button.get("sku_id"):
        c.add("button.sku_id", (*path, "sku_id"), "BASE_TYPE_REQUIRED", "a premium button needs a sku_id")
    if style != 6 and not button.get("label") and not button.get("emoji"):
        c.add("button.label", (*path, "label"), "BASE_TYPE_REQUIRED", "a button needs a label or an emoji")


def _check_select(c: _Checker, select: dict[str, Any], path: Path) -> None:
    c.text(
        "components.custom_id_length",
        (*path, "custom_id"),
        select.get("custom_id"),
        maximum=CUSTOM_ID_MAX,
        minimum=1,
        required=True,
    )
    c.text("select.placeholder", (*path, "placeholder"), select.get("placeholder"), maximum=SELECT_PLACEHOLDER_MAX)
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if not isinstance(min_values, int) or not 0 <= min_values <= SELECT_VALUES_MAX:
        c.add("select.min_values", (*path, "min_values"), "NUMBER_TYPE_MAX", f"min_values {min_values!r} not in 0..25")
    if not isinstance(max_values, int) or not 1 <= max_values <= SELECT_VALUES_MAX:
        c.add("select.max_values", (*path, "max_values"), "NUMBER_TYPE_MAX", f"max_values {max_values!r} not in 1..25")
    elif isinstance(min_values, int) and min_values > max_values:
        c.add("select.min_values", (*path, "min_values"), "COMPONENT_INVALID", "min_values is above max_values")
    if select.get("type") != 3:
        if select.get("options"):
            c.add("select.options", (*path, "options"), "COMPONENT_INVALID", "only string selects have options")
        return
    options = select.get("options")
    if not isinstance(options, list) or not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        count = len(options) if isinstance(options, list) else 0
        c.add(
            "select.options_count",
            (*path, "options"),
            "BASE_TYPE_BAD_LENGTH",
            f"a select has {count} options; Discord needs 1 to {SELECT_OPTIONS_MAX}",
        )
        options = options if isinstance(options, list) else []
    values: set[Any] = set()
    for k, option in enumerate(options):
        here = (*path, "options", k)
        c.text(
            "select.option_label",
            (*here, "label"),
            option.get("label"),
            maximum=SELECT_OPTION_TEXT_MAX,
            minimum=1,
            required=True,
        )
        c.text(
            "select.option_value",
            (*here, "value"),
            option.get("value"),
            maximum=SELECT_OPTION_TEXT_MAX,
            minimum=1,
            required=True,
        )
        c.text(
            "select.option_description",
            (*here, "description"),
            option.get("description"),
            maximum=SELECT_OPTION_TEXT_MAX,
        )
        if option.get("value") in values:
            c.add(
                "select.option_value_unique",
                (*here, "value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                f"option value {option.get('value')!r} is used twice in one select",
            )
        values.add(option.get("value"))
    if isinstance(max_values, int) and options and max_values > len(options):
        c.add(
            "select.max_values",
            (*path, "max_values"),
            "COMPONENT_INVALID",
            f"max_values {max_values} is more than the {len(options)} options",
        )


def check_components(components: Any, *, v2_flag: bool = False, path: Path = ("components",)) -> list[Problem]:
    """Message component limits (classic components, not Components V2).

    At most 5 action rows; a row holds 1-5 buttons or exactly one select; a select has 1-25 options; custom_id
    is 1-100 characters and unique in the message; labels at most 80 characters.
    """
    c = _Checker()
    if components is None:
        return []
    if not isinstance(components, list):
        c.add("components.type", path, "BASE_TYPE_ARRAY", "components must be an array")
        return c.problems
    if v2_flag or any(isinstance(r, dict) and r.get("type") in V2_TYPES for r in components):
        c.add(
            "components_v2.unsupported",
            path,
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "Components V2 (flag 1<<15 or layout components) are not supported by the stand-in",
        )
        return c.problems
    if len(components) > ACTION_ROWS_MAX:
        c.add(
            "components.rows",
            path,
            "BASE_TYPE_MAX_LENGTH",
            f"{len(components)} action rows; Discord allows at most {ACTION_ROWS_MAX}",
        )
    seen: dict[str, Path] = {}
    for i, row in enumerate(components):
        here: Path = (*path, i)
        if not isinstance(row, dict) or row.get("type") != 1:
            c.add("components.top_level", here, "COMPONENT_TYPE_INVALID", "top-level components must be action rows")
            continue
        children = row.get("components") or []
        if not children:
            c.add(
                "components.empty_row",
                (*here, "components"),
                "BASE_TYPE_BAD_LENGTH",
                "an action row needs 1 to 5 components",
            )
        selects = [ch for ch in children if ch.get("type") in SELECT_TYPES]
        buttons = [ch for ch in children if ch.get("type") == 2]
        if selects and len(children) > 1:
            c.add(
                "components.row_select",
                (*here, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                f"row {i} holds a select and {len(children) - 1} other component(s); a select must be alone",
            )
        if len(buttons) > BUTTONS_PER_ROW_MAX:
            c.add(
                "components.row_buttons",
                (*here, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                f"row {i} holds {len(buttons)} buttons; Discord allows at most {BUTTONS_PER_ROW_MAX}",
            )
        for j, child in enumerate(children):
            where: Path = (*here, "components", j)
            kind = child.get("type")
            if kind == 2:
                _check_button(c, child, where)
            elif kind in SELECT_TYPES:
                _check_select(c, child, where)
            else:
                c.add(
                    "components.type",
                    (*where, "type"),
                    "COMPONENT_TYPE_INVALID",
                    f"component type {kind!r} cannot be in a message action row",
                )
                continue
            custom_id = child.get("custom_id")
            if isinstance(custom_id, str):
                if custom_id in seen:
                    c.add(
                        "components.custom_id_unique",
                        (*where, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        f"custom_id {custom_id!r} is used twice in one message",
                    )
                seen[custom_id] = where
    return c.problems


def check_message(
    payload: dict[str, Any],
    *,
    new_files: int = 0,
    kept_attachments: int = 0,
    creating: bool = True,
) -> list[Problem]:
    """Everything Discord checks on a message body: content, embeds, components, flags and attachment count.

    ``new_files`` is the number of uploaded files, ``kept_attachments`` the number of existing attachments an edit
    keeps. An empty message (no content, embeds, components, files or stickers) is refused on creation.
    """
    c = _Checker()
    content = payload.get("content")
    c.text("content.length", ("content",), content, maximum=CONTENT_MAX)
    flags = payload.get("flags") or 0
    v2 = bool(isinstance(flags, int) and flags & IS_COMPONENTS_V2)
    c.problems.extend(check_embeds(payload.get("embeds")))
    c.problems.extend(check_components(payload.get("components"), v2_flag=v2))
    attachment_count = new_files + kept_attachments
    if attachment_count > ATTACHMENTS_MAX:
        c.add(
            "attachments.count",
            ("attachments",),
            "BASE_TYPE_MAX_LENGTH",
            f"{attachment_count} attachments; Discord allows at most {ATTACHMENTS_MAX} per message",
        )
    if creating and not (
        content
        or payload.get("embeds")
        or payload.get("components")
        or new_files
        or payload.get("sticker_ids")
        or payload.get("poll")
    ):
        c.add("message.empty", (), "50006", "Cannot send an empty message")
    return c.problems


def _check_text_input(c: _Checker, component: dict[str, Any], path: Path, *, in_label: bool) -> None:
    c.text(
        "modal.custom_id_length",
        (*path, "custom_id"),
        component.get("custom_id"),
        maximum=CUSTOM_ID_MAX,
        minimum=1,
        required=True,
    )
    if component.get("style") not in (1, 2):
        c.add("modal.text_input_style", (*path, "style"), "BASE_TYPE_CHOICES", "text input style must be 1 or 2")
    if in_label:
        if component.get("label") is not None:
            c.add(
                "modal.text_input_label",
                (*path, "label"),
                "COMPONENT_INVALID",
                "a text input inside a label component must not have its own label",
            )
    else:
        c.text(
            "modal.text_input_label",
            (*path, "label"),
            component.get("label"),
            maximum=TEXT_INPUT_LABEL_MAX,
            minimum=1,
            required=True,
        )
    min_length = component.get("min_length")
    max_length = component.get("max_length")
    if min_length is not None and not 0 <= min_length <= TEXT_INPUT_LENGTH_MAX:
        c.add("modal.text_input_length", (*path, "min_length"), "NUMBER_TYPE_MAX", "min_length not in 0..4000")
    if max_length is not None and not 1 <= max_length <= TEXT_INPUT_LENGTH_MAX:
        c.add("modal.text_input_length", (*path, "max_length"), "NUMBER_TYPE_MAX", "max_length not in 1..4000")
    c.text("modal.text_input_value", (*path, "value"), component.get("value"), maximum=TEXT_INPUT_LENGTH_MAX)
    c.text(
        "modal.text_input_placeholder",
        (*path, "placeholder"),
        component.get("placeholder"),
        maximum=TEXT_INPUT_PLACEHOLDER_MAX,
    )


def check_modal(data: Any) -> list[Problem]:
    """Modal limits: custom_id 1-100, title 1-45, 1-5 components (action rows holding one text input, label
    components holding a text input or select, or text displays), unique custom_ids."""
    c = _Checker()
    path: Path = ("data",)
    if not isinstance(data, dict):
        c.add("modal.data", path, "BASE_TYPE_REQUIRED", "a modal response needs data")
        return c.problems
    c.text(
        "modal.custom_id_length",
        (*path, "custom_id"),
        data.get("custom_id"),
        maximum=CUSTOM_ID_MAX,
        minimum=1,
        required=True,
    )
    c.text("modal.title", (*path, "title"), data.get("title"), maximum=MODAL_TITLE_MAX, minimum=1, required=True)
    components = data.get("components")
    if not isinstance(components, list) or not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        count = len(components) if isinstance(components, list) else 0
        c.add(
            "modal.components",
            (*path, "components"),
            "BASE_TYPE_BAD_LENGTH",
            f"a modal has {count} components; Discord needs 1 to {MODAL_COMPONENTS_MAX}",
        )
        components = components if isinstance(components, list) else []
    seen: set[str] = set()
    for i, top in enumerate(components):
        here: Path = (*path, "components", i)
        kind = top.get("type")
        inner: dict[str, Any] | None = None
        if kind == 1:
            children = top.get("components") or []
            if len(children) != 1 or children[0].get("type") != 4:
                c.add(
                    "modal.row",
                    here,
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "an action row in a modal must hold exactly one text input",
                )
                continue
            inner = children[0]
            _check_text_input(c, inner, (*here, "components", 0), in_label=False)
        elif kind == 18:
            c.text(
                "modal.label",
                (*here, "label"),
                top.get("label"),
                maximum=TEXT_INPUT_LABEL_MAX,
                minimum=1,
                required=True,
            )
            c.text(
                "modal.label_description", (*here, "description"), top.get("description"), maximum=LABEL_DESCRIPTION_MAX
            )
            inner = top.get("component")
            if not isinstance(inner, dict):
                c.add("modal.label", (*here, "component"), "BASE_TYPE_REQUIRED", "a label needs a component")
                continue
            if inner.get("type") == 4:
                _check_text_input(c, inner, (*here, "component"), in_label=True)
            elif inner.get("type") in SELECT_TYPES:
                _check_select(c, inner, (*here, "component"))
            else:
                c.add(
                    "modal.label",
                    (*here, "component", "type"),
                    "COMPONENT_TYPE_INVALID",
                    f"component type {inner.get('type')!r} cannot be in a modal label",
                )
        elif kind == 10:
            c.text(
                "modal.text_display",
                (*here, "content"),
                top.get("content"),
                maximum=TEXT_DISPLAY_MAX,
                minimum=1,
                required=True,
            )
        else:
            c.add(
                "modal.components",
                (*here, "type"),
                "COMPONENT_TYPE_INVALID",
                f"component type {kind!r} cannot be at the top of a modal",
            )
        if inner is not None and isinstance(inner.get("custom_id"), str):
            if inner["custom_id"] in seen:
                c.add(
                    "modal.custom_id_unique",
                    here,
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"custom_id {inner['custom_id']!r} is used twice in one modal",
                )
            seen.add(inner["custom_id"])
    return c.problems


def check_autocomplete(data: Any, option_type: int | None = None) -> list[Problem]:
    """Autocomplete results: at most 25 choices, names 1-100 characters, string values at most 100 characters,
    values of the option's type."""
    c = _Checker()
    choices: Any = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list):
        c.add("autocomplete.choices", ("data", "choices"), "BASE_TYPE_REQUIRED", "autocomplete needs a choices array")
        return c.problems
    if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
        c.add(
            "autocomplete.choices",
            ("data", "choices"),
            "BASE_TYPE_MAX_LENGTH",
            f"{len(choices)} choices; Discord allows at most {AUTOCOMPLETE_CHOICES_MAX}",
        )
    for i, choice in enumerate(choices):
        here: Path = ("data", "choices", i)
        c.text(
            "autocomplete.choice_name",
            (*here, "name"),
            choice.get("name"),
            maximum=CHOICE_NAME_MAX,
            minimum=1,
            required=True,
        )
        value = choice.get("value")
        if option_type == 3 or isinstance(value, str):
            if option_type not in (None, 3):
                c.add(
                    "autocomplete.choice_value",
                    (*here, "value"),
                    "BASE_TYPE_NUMBER",
                    f"choice value {value!r} must be a number for this option",
                )
            else:
                c.text(
                    "autocomplete.choice_value", (*here, "value"), value, maximum=CHOICE_STRING_VALUE_MAX, required=True
                )
        elif isinstance(value, bool) or not isinstance(value, int | float):
            c.add(
                "autocomplete.choice_value",
                (*here, "value"),
                "BASE_TYPE_REQUIRED",
                f"choice value {value!r} must be a string or a number",
            )
        elif option_type == 4 and not isinstance(value, int):
            c.add(
                "autocomplete.choice_value",
                (*here, "value"),
                "BASE_TYPE_INTEGER",
                f"choice value {value!r} must be an integer for an integer option",
            )
    return c.problems
