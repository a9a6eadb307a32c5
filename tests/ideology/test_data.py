"""The printed components: map, ideologies, advances, decided constants."""

from __future__ import annotations

from engine import ideology
from engine.ideology import data


def test_map_has_34_regions_and_is_symmetric() -> None:
    assert len(data.REGIONS) == 34
    for name, region in data.REGIONS.items():
        assert region.adjacent, name
        assert name not in region.adjacent
        assert len(set(region.adjacent)) == len(region.adjacent)
        for other in region.adjacent:
            assert other in data.REGIONS, (name, other)
            assert name in data.REGIONS[other].adjacent, (name, other)


def test_levels_homes_and_maxima() -> None:
    homes = {i.home for i in data.IDEOLOGIES.values()}
    for name, region in data.REGIONS.items():
        if name in homes:
            assert region.level == 3 and region.home_of is not None
            assert data.IDEOLOGIES[region.home_of].home == name
        else:
            assert region.level in (1, 2) and region.home_of is None
        assert data.maximum_of(name) == 2 * region.level


def test_map_is_connected() -> None:
    seen = {"United States"}
    frontier = ["United States"]
    while frontier:
        for other in data.REGIONS[frontier.pop()].adjacent:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    assert seen == set(data.REGIONS)


def test_ideologies_table() -> None:
    table = {(i.name, i.letter, i.home) for i in data.IDEOLOGIES.values()}
    assert table == {
        ("Capitalism", "C", "United States"),
        ("Communism", "K", "USSR"),
        ("Fascism", "F", "Germany"),
        ("Islamic Fundamentalism", "I", "Iran"),
        ("Imperialism", "P", "Great Britain"),
    }
    assert all(i.name_es for i in data.IDEOLOGIES.values())


def test_spanish_names_are_unique() -> None:
    assert len({r.name_es for r in data.REGIONS.values()}) == 34
    assert len({a.name_es for a in data.ADVANCES.values()}) == 7


def test_advance_table() -> None:
    costs = {name: dict(a.cost) for name, a in data.ADVANCES.items()}
    assert costs == {
        "Tactics": {"military": 2},
        "Industry": {"economic": 2},
        "Propaganda": {"cultural": 2},
        "Innovation": {"military": 1, "economic": 1, "cultural": 1},
        "Logistics": {"military": 2, "economic": 1},
        "Technological Supremacy": {"military": 2, "economic": 2, "cultural": 2},
        "Weapons of Mass Destruction": {"military": 3, "economic": 1},
    }
    supremacy = data.ADVANCES["Technological Supremacy"]
    assert supremacy.needs_count == 2 and len(supremacy.needs_any) == 5
    assert data.ADVANCES["Weapons of Mass Destruction"].needs_any == ("Technological Supremacy",)
    assert all(a.effect and a.effect_es for a in data.ADVANCES.values())


def test_public_constants() -> None:
    assert ideology.LEVEL_COUNTS_ONLY_CONTROLLER_CARDS is True
    assert data.DECK_SIZE == 45
    assert ideology.PHASES[0] == "resources" and len(ideology.PHASES) == 8
