//! The rules by name: every Rules Reference glossary topic (and the few topics of the program's
//! own, such as its notation), so a refusal or a violation cites its rule as a value a test can
//! match and a client can look up, and the words appear only when a person reads them.

use std::fmt;

/// Declares `Rule` with, for each topic, its variant, how the engine spells it and whether it
/// heads an entry of the Rules Reference glossary.
macro_rules! rules {
    ($($(#[$doc:meta])* $variant:ident = $text:literal, $glossary:literal;)*) => {
        /// A rule by its topic: a heading of the Rules Reference glossary (spelt as the engine
        /// spells topics: the glossary prints them in capitals), or one of the program's own.
        /// `Display` gives the topic's words.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $($(#[$doc])* $variant,)*
        }

        impl Rule {
            /// Every rule, glossary topics in the glossary's order, then the program's own.
            pub const ALL: &[Rule] = &[$(Rule::$variant,)*];

            /// The topic's words (`Moving Ground Units`).
            #[must_use]
            pub const fn topic(self) -> &'static str {
                match self {
                    $(Rule::$variant => $text,)*
                }
            }

            /// Whether the topic heads an entry of the Rules Reference glossary (a ruling may
            /// name only these), rather than being one of the program's own.
            #[must_use]
            pub const fn in_glossary(self) -> bool {
                match self {
                    $(Rule::$variant => $glossary,)*
                }
            }
        }
    };
}

rules! {
    /// Who places, resolves and moves at each moment.
    ActivePlayer = "Active Player", true;
    /// The system where the last order token was revealed.
    ActiveSystem = "Active System", true;
    /// Which systems and areas touch.
    Adjacency = "Adjacency", true;
    /// Moving ships and ground units and starting a combat.
    AdvanceOrder = "Advance Order", true;
    /// Worlds and voids, and who holds them.
    Areas = "Areas", true;
    /// Forge, cache and reinforcement tokens gained from worlds.
    Assets = "Assets", true;
    /// The side that started a combat.
    Attacker = "Attacker", true;
    /// The structure that defends a world.
    Bastions = "Bastions", true;
    /// The gold borders of systems and areas.
    Borders = "Borders", true;
    /// Cache tokens.
    CacheTokens = "Cache Tokens", true;
    /// The structure that gives command level and materiel.
    Cities = "Cities", true;
    /// Combat: its rounds, dice, cards and result.
    Combat = "Combat", true;
    /// How a played combat card resolves.
    CombatCardResolution = "Combat Card Resolution", true;
    /// Combat hands, decks and the upgrades that improve them.
    CombatCards = "Combat Cards and Combat Upgrade Cards", true;
    /// Offence, defence and morale icons.
    CombatIcons = "Combat Icons", true;
    /// What a player's structures let him buy.
    CommandLevel = "Command Level", true;
    /// How many of each component there are.
    ComponentLimitations = "Component Limitations", true;
    /// Areas holding two factions' pieces.
    ContestedAreas = "Contested Areas", true;
    /// Turning a die's face into another.
    Convert = "Convert", true;
    /// What units and structures cost.
    Cost = "Cost", true;
    /// Units' health and the damage they suffer.
    DamageAndHealth = "Damage and Health", true;
    /// The side a combat was started against.
    Defender = "Defender", true;
    /// Buying units and structures.
    DeployOrder = "Deploy Order", true;
    /// Removing pieces from the board.
    Destroy = "Destroy", true;
    /// How many dice a side rolls at most.
    DiceLimit = "Dice Limit", true;
    /// Putting cards on a discard pile.
    DiscardingCards = "Discarding Cards", true;
    /// Gaining assets and using faction abilities.
    DominateOrder = "Dominate Order", true;
    /// A player with nothing left.
    Eliminated = "Eliminated", true;
    /// An area holding only an opponent's pieces.
    Enemy = "Enemy", true;
    /// Event cards and the event deck.
    EventCards = "Event Cards", true;
    /// The structure that lets ships be bought.
    Factories = "Factories", true;
    /// The holder of the first player token.
    FirstPlayer = "First Player", true;
    /// Forge tokens.
    ForgeTokens = "Forge Tokens", true;
    /// Units placed without paying.
    FreeUnits = "Free Units", true;
    /// An area holding only one's own pieces.
    Friendly = "Friendly", true;
    /// Gaining and losing tokens and materiel.
    GainingAndLosing = "Gaining and Losing", true;
    /// A unit's health.
    Health = "Health", true;
    /// Materiel and the materiel dials.
    Materiel = "Materiel and Materiel Dials", true;
    /// Morale in combat.
    Morale = "Morale", true;
    /// Where ground units may move.
    MovingGroundUnits = "Moving Ground Units", true;
    /// Where ships may move.
    MovingShips = "Moving Ships", true;
    /// Objective tokens and how they are won.
    ObjectiveTokens = "Objective Tokens", true;
    /// Revealing and resolving order tokens.
    OperationsPhase = "Operations Phase", true;
    /// Ships striking a world next to their void.
    OrbitalStrike = "Orbital Strike", true;
    /// Order tokens.
    OrderTokens = "Order Tokens", true;
    /// The cards that improve orders.
    OrderUpgradeCards = "Order Upgrade Cards", true;
    /// A legal path for ground units.
    Path = "Path", true;
    /// Placing order tokens.
    PlanningPhase = "Planning Phase", true;
    /// A player eliminated from the game.
    PlayerElimination = "Player Elimination", true;
    /// Paying for units and structures.
    PurchasingUnitsAndStructures = "Purchasing Units and Structures", true;
    /// The end of a round.
    RefreshPhase = "Refresh Phase", true;
    /// Reinforcement tokens.
    ReinforcementTokens = "Reinforcement Tokens", true;
    /// Retreating after a lost combat.
    Retreats = "Retreats", true;
    /// Routed and rallied units.
    RoutAndRally = "Rout and Rally", true;
    /// Event cards kept and played later.
    SchemeEventCards = "Scheme Event Cards", true;
    /// A new game's pieces and board.
    Setup = "Setup", true;
    /// Effects that happen at the same time.
    SimultaneousEffects = "Simultaneous Effects", true;
    /// Spending tokens and materiel.
    Spend = "Spend", true;
    /// The stacks of order tokens.
    Stack = "Stack", true;
    /// Buying upgrades and drawing cards.
    StrategizeOrder = "Strategize Order", true;
    /// Cities, factories and bastions.
    Structures = "Structures", true;
    /// Units suffering damage.
    SufferingDamage = "Suffering Damage", true;
    /// Systems.
    Systems = "Systems", true;
    /// Event cards played at once.
    TacticEventCards = "Tactic Event Cards", true;
    /// How many units an area holds.
    UnitCapacity = "Unit Capacity", true;
    /// Units.
    Units = "Units", true;
    /// Order and combat upgrade cards.
    UpgradeCards = "Upgrade Cards", true;
    /// Void areas.
    Voids = "Voids", true;
    /// Warp storms on the borders.
    WarpStorms = "Warp Storms", true;
    /// How warp storms move.
    WarpStormsMoving = "Warp Storms, Moving", true;
    /// Objectives, the round track and who wins.
    WinningAndLosing = "Winning and Losing the Game", true;
    /// World areas.
    Worlds = "Worlds", true;
    /// The order of a round (the Rules Reference's quick reference, not a glossary entry).
    RoundOverview = "Round Overview", false;
    /// The cards in hands, decks and discard piles taken together (the program's own check that
    /// no card is lost or doubled).
    Cards = "Cards", false;
    /// A step in progress that the phase cannot hold (the program's own check of a save).
    StepInProgress = "Step in progress", false;
    /// The program's text form of actions.
    ActionNotation = "Action notation", false;
    /// The program's hand-written form of a position.
    PositionSketch = "Position sketch", false;
}

impl Rule {
    /// The glossary topic spelt `topic`, if there is one.
    #[must_use]
    pub fn from_glossary(topic: &str) -> Option<Rule> {
        Rule::ALL
            .iter()
            .copied()
            .find(|r| r.in_glossary() && r.topic() == topic)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.topic())
    }
}
