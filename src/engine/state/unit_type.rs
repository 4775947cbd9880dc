//! The 24 unit types of the four factions. Their numbers (cost, dice, health ...) live in
//! `assets/factions.json`; this enum only names them so that actions and pieces stay `Copy`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::state::ids::{Faction, ParseIdError};

macro_rules! unit_types {
    ($( $variant:ident => $key:literal, $faction:ident; )*) => {
        /// A kind of plastic unit on a faction sheet.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
        pub enum UnitType {
            $(
                #[doc = concat!("The `", $key, "` unit.")]
                #[serde(rename = $key)]
                $variant,
            )*
        }

        impl UnitType {
            /// Every unit type, faction by faction.
            pub const ALL: [UnitType; 24] = [$(UnitType::$variant),*];

            /// The notation: the unit's name in kebab case (`space-marine`).
            #[must_use]
            pub fn key(self) -> &'static str {
                match self { $(UnitType::$variant => $key,)* }
            }

            /// The faction whose sheet lists this unit.
            #[must_use]
            pub fn faction(self) -> Faction {
                match self { $(UnitType::$variant => Faction::$faction,)* }
            }
        }
    };
}

unit_types! {
    Scout => "scout", Ultramarines;
    StrikeCruiser => "strike-cruiser", Ultramarines;
    SpaceMarine => "space-marine", Ultramarines;
    LandRaider => "land-raider", Ultramarines;
    BattleBarge => "battle-barge", Ultramarines;
    WarlordTitan => "warlord-titan", Ultramarines;
    Cultist => "cultist", Chaos;
    IconoclastDestroyer => "iconoclast-destroyer", Chaos;
    ChaosSpaceMarine => "chaos-space-marine", Chaos;
    Helbrute => "helbrute", Chaos;
    RepulsiveGrandCruiser => "repulsive-grand-cruiser", Chaos;
    ChaosReaverTitan => "chaos-reaver-titan", Chaos;
    OrkBoyz => "ork-boyz", Orks;
    OnslaughtAttackShip => "onslaught-attack-ship", Orks;
    Nob => "nob", Orks;
    Battlewagon => "battlewagon", Orks;
    KillKroozer => "kill-kroozer", Orks;
    Gargant => "gargant", Orks;
    AspectWarrior => "aspect-warrior", Eldar;
    HelleboreFrigate => "hellebore-frigate", Eldar;
    Wraithguard => "wraithguard", Eldar;
    Falcon => "falcon", Eldar;
    VoidStalker => "void-stalker", Eldar;
    WarlockBattleTitan => "warlock-battle-titan", Eldar;
}

impl UnitType {
    /// The unit types of one faction, in sheet order.
    pub fn of(faction: Faction) -> impl Iterator<Item = UnitType> {
        UnitType::ALL
            .into_iter()
            .filter(move |u| u.faction() == faction)
    }
}

impl fmt::Display for UnitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for UnitType {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Only the notation (`space-marine`); a sketch's piece list reads looser forms itself.
        UnitType::ALL
            .into_iter()
            .find(|u| u.key() == s)
            .ok_or_else(|| ParseIdError::new(s, "a unit type such as space-marine or ork-boyz"))
    }
}
