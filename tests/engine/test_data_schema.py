"""The card data and the code agree (issue 13, item 4): every behaviour named in engine/gah/data/*.json has a handler
at the right trigger point and an AI estimate, every handler is used, and every row passes the schema (ids
unique, costs, VP and counts in range, colours known). Doctored copies show that each check can fail."""

from __future__ import annotations

import copy
from typing import Any

import engine.gah.ai.values  # noqa: F401  (registers the AI estimates the check requires)
from engine.gah.behaviours import BEHAVIOURS, CARD, ON_GAIN_VP, Behaviour
from engine.gah.datacheck import check_data, raw_data


def _doctored() -> dict[str, Any]:
    return copy.deepcopy(raw_data())


def test_the_data_agrees_with_the_behaviour_registry() -> None:
    assert check_data(raw_data()) == []


def test_a_row_naming_an_unknown_behaviour_fails_the_check() -> None:
    """The Let's Waltz celebrity "each time you get at least 1 VP, get 2 more", written as a data row before
    its handler exists."""
    data = _doctored()
    guest = data["guests"]["guests"][0]
    guest["reward"].append({"effect": "vp_bonus_on_vp", "amount": 2})
    assert check_data(data) == [f"guest {guest['id']} reward: unknown behaviour 'vp_bonus_on_vp'"]


def test_a_registered_behaviour_no_row_names_fails_the_check() -> None:
    registry = dict(BEHAVIOURS)
    registry[CARD, "vp_bonus_on_vp"] = Behaviour("vp_bonus_on_vp", ON_GAIN_VP, len(registry),
                                                 value=lambda row, outlook: 0.0)
    assert check_data(raw_data(), registry) == [
        "behaviour 'vp_bonus_on_vp' (card) is registered but no data row names it"]


def test_an_ability_used_as_an_effect_and_an_effect_used_as_an_ability_fail_the_check() -> None:
    data = _doctored()
    staff = data["staff"]["staff"]
    chef = next(card for card in staff if card["name"] == "Chef")
    groom = next(card for card in staff if card["name"] == "Groom")
    chef["effects"].append({"effect": "die_vp", "faces": [3], "amount": 2})
    groom["abilities"].append({"effect": "krones", "amount": 2})
    problems = check_data(data)
    assert f"staff {chef['id']} effect: 'die_vp' runs 'on taking a die', not when the row is carried out" in problems
    assert f"staff {groom['id']} ability: 'krones' is an effect, not an ability with a trigger point" in problems


def test_duplicate_ids_costs_vp_and_colours_out_of_range_fail_the_check() -> None:
    data = _doctored()
    guests = data["guests"]["guests"]
    guests[1]["id"] = guests[0]["id"]
    guests[2]["color"] = "purple"
    guests[3]["vp"] = 99
    data["staff"]["staff"][0]["cost"] = -1
    data["guests"]["guests"][4]["reward"] = [{"effect": "krones", "amount": 50}]
    problems = check_data(data)
    first, third, fourth, fifth = guests[0]["id"], guests[2]["id"], guests[3]["id"], guests[4]["id"]
    assert f"guests: id {first} is used twice" in problems
    assert f"guest {third}: unknown colour 'purple'" in problems
    assert f"guest {fourth}: vp 99 is not a whole number from 0 to 20" in problems
    assert f"staff {data['staff']['staff'][0]['id']}: cost -1 is not a whole number from 0 to 20" in problems
    assert f"guest {fifth} reward: amount 50 is not a whole number from -20 to 20" in problems


def test_a_behaviour_without_an_ai_estimate_fails_the_check() -> None:
    registry = dict(BEHAVIOURS)
    krones = registry[CARD, "krones"]
    registry[CARD, "krones"] = Behaviour(krones.name, krones.trigger, krones.order, run=krones.run)
    assert check_data(raw_data(), registry) == ["behaviour 'krones' (card) has no AI estimate"]


def test_a_row_whose_words_name_a_missing_field_fails_the_check() -> None:
    data = raw_data()
    guest = data["guests"]["guests"][0]
    guest["reward"] = [{**guest["reward"][0], "words": "gain {nothing:krone}"}]
    assert check_data(data) == [f"guest {guest['id']} reward: words name 'nothing', a field the row does not have"]
    guest["reward"] = [{**guest["reward"][0], "words": ""}]
    assert check_data(data) == [f"guest {guest['id']} reward: words '' are not a text"]
