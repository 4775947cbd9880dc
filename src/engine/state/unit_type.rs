//! The 24 unit types of the four factions. Their numbers (cost, dice, health ...) live in
//! `assets/factions.json`; this enum only names them so that actions and pieces stay `Copy`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::state::ids::{Faction, ParseIdError};

macro_rules! unit_types {
    ($( $variant:ident => $key:literal, $name:literal, $faction:ident; )*) => {
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

            /// The printed name (`Space Marine`), as the log writes it.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $(UnitType::$variant => $name,)* }
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
    Scout => "scout", "Scout", Ultramarines;
    StrikeCruiser => "strike-cruiser", "Strike Cruiser", Ultramarines;
    SpaceMarine => "space-marine", "Space Marine", Ultramarines;
    LandRaider => "land-raider", "Land Raider", Ultramarines;
    BattleBarge => "battle-barge", "Battle Barge", Ultramarines;
    WarlordTitan => "warlord-titan", "Warlord Titan", Ultramarines;
    Cultist => "cultist", "Cultist", Chaos;
    IconoclastDestroyer => "iconoclast-destroyer", "Iconoclast Destroyer", Chaos;
    ChaosSpaceMarine => "chaos-space-marine", "Chaos Space Marine", Chaos;
    Helbrute => "helbrute", "Helbrute", Chaos;
    RepulsiveGrandCruiser => "repulsive-grand-cruiser", "Repulsive Grand Cruiser", Chaos;
    ChaosReaverTitan => "chaos-reaver-titan", "Chaos Reaver Titan", Chaos;
    OrkBoyz => "ork-boyz", "Ork Boyz", Orks;
    OnslaughtAttackShip => "onslaught-attack-ship", "Onslaught Attack Ship", Orks;
    Nob => "nob", "Nob", Orks;
    Battlewagon => "battlewagon", "Battlewagon", Orks;
    KillKroozer => "kill-kroozer", "Kill Kroozer", Orks;
    Gargant => "gargant", "Gargant", Orks;
    AspectWarrior => "aspect-warrior", "Aspect Warrior", Eldar;
    HelleboreFrigate => "hellebore-frigate", "Hellebore Frigate", Eldar;
    Wraithguard => "wraithguard", "Wraithguard", Eldar;
    Falcon => "falcon", "Falcon", Eldar;
    VoidStalker => "void-stalker", "Void Stalker", Eldar;
    WarlockBattleTitan => "warlock-battle-titan", "Warlock Battle Titan", Eldar;
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
