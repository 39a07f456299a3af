"""The JSON objects of a Tabletop Simulator save, as TTS writes them (pure data)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

JsonObject = dict[str, object]


@dataclass(frozen=True)
class DeckSheet:
    """One CustomDeck entry: the sheet images and which cards (by name) it holds."""

    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool
    names: tuple[str, ...]
    """Each card's nickname: its title as printed."""
    descriptions: tuple[str, ...] = ()
    """Each card's text as printed, shown by TTS under its nickname."""


def guid(name: str) -> str:
    """Six hex digits derived from a name: stable from build to build."""
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:6]


def _transform(x: float, z: float, face_down: bool = False, scale: float = 1.0) -> JsonObject:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": scale, "scaleY": 1.0,
            "scaleZ": scale}


def _base(name: str, nickname: str, key: str, transform: JsonObject) -> JsonObject:
    return {"GUID": guid(key), "Name": name, "Transform": transform, "Nickname": nickname,
            "Description": "", "GMNotes": "",
            "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _custom_deck(sheet: DeckSheet) -> JsonObject:
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url, "NumWidth": sheet.columns,
            "NumHeight": sheet.rows, "BackIsHidden": False, "UniqueBack": sheet.unique_back,
            "Type": 0}


def deck_object(deck: str, first_id: int, sheets: Sequence[DeckSheet], x: float,
                scale: float = 1.0) -> JsonObject:
    """A deck face down; CustomDeck ids from `first_id`, card ids id*100 + slot.
    BackIsHidden is false: the sheets' last slot is the face others see in a hand.
    `scale` 1 is TTS's standard card, a poker card (stamperia.generator.export.ttsscale)."""
    custom = {str(first_id + n): _custom_deck(s) for n, s in enumerate(sheets)}
    cards: list[JsonObject] = []
    for n, sheet in enumerate(sheets):
        deck_id = first_id + n
        for slot, name in enumerate(sheet.names):
            card = _base("Card", name, f"{deck}/{deck_id}/{slot}",
                         _transform(x, 0.0, True, scale))
            if slot < len(sheet.descriptions):
                card["Description"] = sheet.descriptions[slot]
            card["CardID"] = deck_id * 100 + slot
            card["CustomDeck"] = {str(deck_id): _custom_deck(sheet)}
            cards.append(card)
    if len(cards) == 1:  # TTS has no deck of one card: the card itself
        single = dict(cards[0])
        single["Name"] = "CardCustom"
        return single
    result = _base("DeckCustom", deck, deck, _transform(x, 0.0, True, scale))
    result["DeckIDs"] = [card["CardID"] for card in cards]
    result["CustomDeck"] = custom
    result["ContainedObjects"] = cards
    return result


def board_object(name: str, url: str, scale: float, x: float, z: float) -> JsonObject:
    """A board as a Custom_Tile, which TTS sizes by the same rule as tokens (its image's
    aspect, `scale` times a tile's height), so board and pieces keep their printed
    proportions; a Custom_Board's size at scale 1 is not documented. Locked, so play does
    not push it around; not stackable."""
    result = _base("Custom_Tile", name, f"board/{name}", _transform(x, z, scale=scale))
    result["Locked"] = True
    result["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                             "WidthScale": 0.0,
                             "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False,
                                            "Stretch": True}}
    return result


@dataclass(frozen=True)
class TokenImage:
    """A token or standing piece as TTS shows it: its image (and its other side's, for a
    double-sided token), its faction's colour, its size relative to other tokens."""

    name: str
    url: str
    back_url: str | None
    colour: str | None
    scale: float
    stand_up: bool


def _token(token: TokenImage, url: str, key: str, x: float, z: float) -> JsonObject:
    """The image carries the faction's colour; ColorDiffuse stays white because TTS
    multiplies the image by it (a blue tint on a blue token turns it near black)."""
    result = _base("Custom_Token", token.name, key, _transform(x, z, scale=token.scale))
    result["ColorDiffuse"] = {"r": 1.0, "g": 1.0, "b": 1.0}
    if token.colour is not None:
        result["Description"] = token.colour
    result["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                             "WidthScale": 0.0,
                             "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0,
                                             "StandUp": token.stand_up,
                                             "Stackable": not token.stand_up}}
    return result


def token_object(token: TokenImage, x: float, z: float, copy: int = 1) -> JsonObject:
    """One token; a double-sided one carries its other side as state 2, which TTS flips
    to with its state keys."""
    key = f"token/{token.name}/{copy}"
    result = _token(token, token.url, key, x, z)
    if token.back_url is not None:
        result["States"] = {"2": _token(token, token.back_url, f"{key}/back", x, z)}
    return result


def token_supply(token: TokenImage, count: int, x: float, z: float) -> JsonObject:
    """`count` identical tokens: the token itself when there is one, else a bag holding
    them all, named with how many it holds."""
    if count == 1:
        return token_object(token, x, z)
    bag = _base("Bag", f"{token.name} ×{count}", f"bag/{token.name}", _transform(x, z))
    if token.colour is not None:
        bag["ColorDiffuse"] = colour_diffuse(token.colour)
    bag["MaterialIndex"] = -1
    bag["MeshIndex"] = -1
    bag["Bag"] = {"Order": 0}
    bag["ContainedObjects"] = [token_object(token, x, z, copy)
                               for copy in range(1, count + 1)]
    return bag


TTS_DICE = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}
"""Tabletop Simulator's standard dice by their sides (its built-in objects, no image)."""


def colour_diffuse(colour: str) -> JsonObject:
    """'#rrggbb' as TTS's tint: the die's (or bag's) material multiplied by it."""
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return {"r": round(red, 6), "g": round(green, 6), "b": round(blue, 6)}


def die_object(name: str, sides: int, colour: str, copy: int, x: float, z: float
               ) -> JsonObject:
    """One standard die tinted in its colour; `sides` must be a key of TTS_DICE."""
    result = _base(TTS_DICE[sides], name, f"die/{name}/{copy}", _transform(x, z))
    result["ColorDiffuse"] = colour_diffuse(colour)
    return result


def save_file(title: str, objects: Sequence[JsonObject]) -> JsonObject:
    """A save (or saved object, with one object): no date, so the bytes are stable."""
    return {"SaveName": title, "GameMode": title, "Date": "", "VersionNumber": "",
            "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
            "ObjectStates": list(objects)}
