"""The one table of Ideology data: ideologies, the map, the advances, and every choice
the rules file marks **[decided]** (see /work/shared/rules/ideology.md).

Everything the rules engine needs to know about the printed components lives here, so a
change of map or advance table never touches the game logic.

>>> REGIONS["Australia"].level, REGIONS["Australia"].adjacent
(2, ('Indonesia', 'South Africa'))
>>> IDEOLOGIES["Islamic Fundamentalism"].letter
'I'
>>> maximum_of("Germany")
6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# --- Influence card types and diplomatic statuses -------------------------------------

MILITARY: Final = "military"
ECONOMIC: Final = "economic"
CULTURAL: Final = "cultural"
#: The three influence types, in the order the tiles print their zones.
CARD_TYPES: Final[tuple[str, ...]] = (MILITARY, ECONOMIC, CULTURAL)
CARD_TYPE_NAMES_ES: Final[dict[str, str]] = {
    MILITARY: "militar",
    ECONOMIC: "económica",
    CULTURAL: "cultural",
}

PEACE: Final = "peace"
NEUTRAL: Final = "neutral"
WAR: Final = "war"
#: Diplomatic statuses from best to worst; when two choices differ the worse one holds.
STATUSES: Final[tuple[str, ...]] = (PEACE, NEUTRAL, WAR)
STATUS_NAMES_ES: Final[dict[str, str]] = {PEACE: "paz", NEUTRAL: "neutral", WAR: "guerra"}

#: Conflict types a player may start at each status (WMD adds military everywhere).
CONFLICTS_ALLOWED: Final[dict[str, tuple[str, ...]]] = {
    PEACE: (CULTURAL,),
    NEUTRAL: (CULTURAL, ECONOMIC),
    WAR: (CULTURAL, ECONOMIC, MILITARY),
}

# --- Decks ------------------------------------------------------------------------------

#: Cards of each type in every ideology's deck (45 cards in all).
CARDS_PER_TYPE: Final = 15
DECK_SIZE: Final = CARDS_PER_TYPE * len(CARD_TYPES)
#: Cards of each type that start on the home region's zones.
HOME_START_CARDS_PER_TYPE: Final = 3

# --- Phases -------------------------------------------------------------------------------

PHASES: Final[tuple[str, ...]] = (
    "resources",
    "exchange",
    "development",
    "external",
    "conflict",
    "diplomacy",
    "evaluation",
    "turn_order",
)

# --- [decided] choices and the one known disagreement --------------------------------------

#: Evaluation step 1. The rules file (default, True): the new level is the smallest number
#: of the *controller's* cards in any zone. The Spanish description reads "el menor número
#: de cartas de influencia en cada una de las zonas" (all cards in the zone): set False.
LEVEL_COUNTS_ONLY_CONTROLLER_CARDS: Final = True
#: Players more than 12 influence end the game (strictly greater). [decided] Ties on
#: influence then go to the first in the new turn order (the only tie-break implemented).
WINNING_INFLUENCE_ABOVE: Final = 12
#: [decided] Removing a card in the external phase costs one card of the removed type.
REMOVE_COSTS_SAME_TYPE_CARD: Final = True
#: The rules allow removing "one card" from an independent or enemy region: any owner,
#: one's own included (pointless but literal).
REMOVE_OWN_CARDS_ALLOWED: Final = True
#: [decided] Home regions of ideologies nobody plays are not used at all.
UNUSED_HOME_REGIONS_IN_REGION_DECK: Final = False
#: [decided] Turn order of turn 1 is random (seeded).
RANDOM_FIRST_TURN_ORDER: Final = True
#: [decided] Every pair of players starts at this status.
INITIAL_STATUS: Final = NEUTRAL
#: [decided] A region whose control is lost (also when it passes straight to another
#: player) goes back to its printed level.
LOST_REGION_RESETS_TO_PRINTED_LEVEL: Final = True
#: [decided] Optional turn limit: off by default; when set, the game ends after that
#: turn's turn-order phase, decided the same way as the normal end.
DEFAULT_TURN_LIMIT: Final[int | None] = None
#: A region one controls counts as reachable (rules file: "controls it or controls a region
#: adjacent to it"). The description only speaks of adjacency; this matters only when
#: attacking another player's cards on a region one controls that touches none of one's own.
OWN_REGION_IS_REACHABLE: Final = True
#: Extra cards of the same type paid when acting on a region that is not reachable.
DISTANCE_PENALTY_CARDS: Final = 1
#: Extra card a defender's Tactics/Industry/Propaganda makes the attacker pay.
DEFENCE_ADVANCE_EXTRA_CARDS: Final = 1
#: Cards a defender must play to deflect the attack card of a Technological Supremacy owner.
SUPREMACY_DEFLECT_CARDS: Final = 2

# --- Ideologies -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Ideology:
    name: str
    name_es: str
    letter: str
    home: str


IDEOLOGIES: Final[dict[str, Ideology]] = {
    i.name: i
    for i in (
        Ideology("Capitalism", "Capitalismo", "C", "United States"),
        Ideology("Communism", "Comunismo", "K", "USSR"),
        Ideology("Fascism", "Fascismo", "F", "Germany"),
        Ideology("Islamic Fundamentalism", "Fundamentalismo islámico", "I", "Iran"),
        Ideology("Imperialism", "Imperialismo", "P", "Great Britain"),
    )
}
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = len(IDEOLOGIES)

# --- The map ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Region:
    name: str
    name_es: str
    level: int  # printed development level
    adjacent: tuple[str, ...]
    home_of: str | None = None  # the ideology whose home region this is


# The rebalanced map of docs/ideology-map.md (the source for the map, not the older table
# in the rules file).
_MAP: Final[tuple[tuple[str, str, int, str], ...]] = (
    # (name, Spanish name, printed level, adjacent regions separated by commas)
    ("United States", "Estados Unidos", 3, "Canada, Mexico, Cuba, Japan"),
    ("Great Britain", "Gran Bretaña", 3, "Canada, France, Iberia, Scandinavia"),
    ("Germany", "Alemania", 3, "France, Italy, Scandinavia, Eastern Europe, Balkans"),
    ("USSR", "URSS", 3, "Scandinavia, Eastern Europe, Turkey, Central Asia, Korea, Japan"),
    ("Iran", "Irán", 3, "Turkey, Iraq, Arabia, Central Asia, India"),
    ("Canada", "Canadá", 2, "United States, Great Britain"),
    ("Mexico", "México", 1, "United States, Cuba, Andes"),
    ("Cuba", "Cuba", 1, "United States, Mexico, Andes"),
    ("Andes", "Andes", 1, "Mexico, Cuba, Brazil, Argentina"),
    ("Brazil", "Brasil", 2, "Andes, Argentina, West Africa"),
    ("Argentina", "Argentina", 1, "Andes, Brazil"),
    ("France", "Francia", 2, "Great Britain, Germany, Iberia, Italy, North Africa"),
    ("Italy", "Italia", 2, "Germany, France, Balkans, North Africa"),
    ("Iberia", "Iberia", 2, "Great Britain, France, North Africa"),
    ("Scandinavia", "Escandinavia", 2, "Great Britain, Germany, USSR, Eastern Europe"),
    ("Eastern Europe", "Europa del Este", 1, "Germany, USSR, Scandinavia, Balkans"),
    ("Balkans", "Balcanes", 1, "Germany, Italy, Eastern Europe, Turkey"),
    ("Turkey", "Turquía", 1, "USSR, Iran, Balkans, Iraq"),
    ("Israel", "Israel", 1, "Egypt, Arabia, Iraq"),
    ("Egypt", "Egipto", 1, "Israel, Arabia, North Africa, East Africa"),
    ("Iraq", "Irak", 1, "Iran, Turkey, Israel, Arabia"),
    ("Arabia", "Arabia", 1, "Iran, Iraq, Israel, Egypt, East Africa"),
    ("North Africa", "Norte de África", 1, "France, Italy, Iberia, Egypt, West Africa"),
    ("West Africa", "África Occidental", 1, "Brazil, North Africa, East Africa, South Africa"),
    ("East Africa", "África Oriental", 1, "Egypt, Arabia, West Africa, South Africa"),
    ("South Africa", "Sudáfrica", 2, "West Africa, East Africa, Australia"),
    ("Central Asia", "Asia Central", 1, "USSR, Iran, China, India"),
    ("India", "India", 1, "Iran, Central Asia, China, Indochina"),
    ("China", "China", 2, "Central Asia, India, Indochina, Korea, Japan"),
    ("Korea", "Corea", 1, "USSR, China, Japan"),
    ("Japan", "Japón", 2, "United States, USSR, China, Korea"),
    ("Indochina", "Indochina", 1, "India, China, Indonesia"),
    ("Indonesia", "Indonesia", 1, "Indochina, Australia"),
    ("Australia", "Australia", 2, "Indonesia, South Africa"),
)

_HOME_OF: Final[dict[str, str]] = {i.home: i.name for i in IDEOLOGIES.values()}

#: Every region tile, by English name, in the order of the rules file's table.
REGIONS: Final[dict[str, Region]] = {
    name: Region(name, name_es, level, tuple(a.strip() for a in adj.split(",")), _HOME_OF.get(name))
    for name, name_es, level, adj in _MAP
}


def maximum_of(region: str) -> int:
    """Most cards one zone of a region may ever hold: twice its printed level."""
    return 2 * REGIONS[region].level


# --- Advances -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Advance:
    name: str
    name_es: str
    cost: tuple[tuple[str, int], ...]  # (card type, number of cards)
    needs_any: tuple[str, ...]  # advances of which `needs_count` must be owned first
    needs_count: int
    influence_bonus: int
    effect: str
    effect_es: str


TACTICS: Final = "Tactics"
INDUSTRY: Final = "Industry"
PROPAGANDA: Final = "Propaganda"
INNOVATION: Final = "Innovation"
LOGISTICS: Final = "Logistics"
SUPREMACY: Final = "Technological Supremacy"
WMD: Final = "Weapons of Mass Destruction"

ADVANCES: Final[dict[str, Advance]] = {
    a.name: a
    for a in (
        Advance(
            TACTICS,
            "Tácticas",
            ((MILITARY, 2),),
            (),
            0,
            0,
            "A player starting a military conflict against you pays 1 extra military card.",
            "Quien inicie un conflicto militar contra ti paga 1 carta militar más.",
        ),
        Advance(
            INDUSTRY,
            "Industria",
            ((ECONOMIC, 2),),
            (),
            0,
            0,
            "A player starting an economic conflict against you pays 1 extra economic card.",
            "Quien inicie un conflicto económico contra ti paga 1 carta económica más.",
        ),
        Advance(
            PROPAGANDA,
            "Propaganda",
            ((CULTURAL, 2),),
            (),
            0,
            0,
            "A player starting a cultural conflict against you pays 1 extra cultural card.",
            "Quien inicie un conflicto cultural contra ti paga 1 carta cultural más.",
        ),
        Advance(
            INNOVATION,
            "Innovación",
            ((MILITARY, 1), (ECONOMIC, 1), (CULTURAL, 1)),
            (),
            0,
            0,
            "Your hand fills to global influence + 1, and you may exchange 1 more card.",
            "Tu mano se llena hasta tu influencia global + 1 y puedes cambiar 1 carta más.",
        ),
        Advance(
            LOGISTICS,
            "Logística",
            ((MILITARY, 2), (ECONOMIC, 1)),
            (),
            0,
            0,
            "You never pay the distance penalty.",
            "Nunca pagas la penalización por distancia.",
        ),
        Advance(
            SUPREMACY,
            "Supremacía tecnológica",
            ((MILITARY, 2), (ECONOMIC, 2), (CULTURAL, 2)),
            (TACTICS, INDUSTRY, PROPAGANDA, INNOVATION, LOGISTICS),
            2,
            1,
            "+1 global influence; defenders need 2 cards to deflect each of your attack cards.",
            "+1 de influencia global; el defensor debe jugar 2 cartas para desviar cada carta "
            "de tus ataques.",
        ),
        Advance(
            WMD,
            "Armas de destrucción masiva",
            ((MILITARY, 3), (ECONOMIC, 1)),
            (SUPREMACY,),
            1,
            1,
            "+1 global influence; you may start military conflicts whatever your status.",
            "+1 de influencia global; puedes iniciar conflictos militares sea cual sea tu estatus.",
        ),
    )
}

#: The advance a defender owns that makes an attack of each type cost one more card.
DEFENCE_ADVANCE_FOR: Final[dict[str, str]] = {
    MILITARY: TACTICS,
    ECONOMIC: INDUSTRY,
    CULTURAL: PROPAGANDA,
}
