//! A card's name as the state holds it: hands, decks, face-up cards, schemes and the events
//! that name a card.
//!
//! Names used to be `String`s, so every copy of a position (each look-ahead of the combat odds,
//! every clone of a `Game`) allocated and freed one buffer per card: more than half the
//! instructions of `combat_odds` went to `malloc` and `free` (#26). They then shared one
//! reference-counted buffer, but counting the references up on every copy of a position and
//! down on every drop was still an eighth of the tree player's time (#31). Now a `CardName` is
//! a reference to text that lives as long as the program: copying one copies a pointer, dropping
//! one does nothing. Text read from the data or a save is kept once per distinct name
//! (`intern`), so the names a program holds stay as few as the names it has read. It is
//! `Send + Sync` (the odds play on several threads) and reads and writes as a plain JSON string,
//! so saves keep their format byte for byte.

use std::borrow::{Borrow, Cow};
use std::collections::HashSet;
use std::fmt;
use std::ops::Deref;
use std::sync::{Mutex, OnceLock, PoisonError};

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card's name, cheap to clone (a pointer's copy) and compared by its text.
#[derive(Clone)]
pub struct CardName(&'static str);

/// Other text from the card data, such as an option's label: shared like a name, so an event
/// that repeats it copies no text.
pub type CardText = CardName;

/// The one copy of `text` kept for the rest of the program, made on its first use.
///
/// This is the only state the engine shares between games, and no rule can see it: a name
/// reads the same whichever game interned it first, so positions, replays and the choices of
/// the computer players do not depend on it. It grows by the distinct names read (a few
/// hundred in the game's data; a save can add the names it misspells), never by the number of
/// copies, positions or games.
fn intern(text: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Mutex::default)
        .lock()
        // A panic elsewhere while the set was locked cannot have left it half changed: an
        // insert either happened or did not.
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(&kept) = names.get(text) {
        return kept;
    }
    let kept: &'static str = Box::leak(text.into());
    names.insert(kept);
    kept
}

impl CardName {
    /// A name the program spells out, kept without a copy of its own.
    #[must_use]
    pub const fn fixed(name: &'static str) -> CardName {
        CardName(name)
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.0
    }
}

impl PartialEq for CardName {
    fn eq(&self, other: &CardName) -> bool {
        // The same kept text is the same name; different texts compare as text.
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for CardName {}

impl PartialOrd for CardName {
    fn partial_cmp(&self, other: &CardName) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for CardName {
    fn cmp(&self, other: &CardName) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl std::hash::Hash for CardName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl Deref for CardName {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for CardName {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for CardName {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for CardName {
    fn from(name: &str) -> Self {
        CardName(intern(name))
    }
}

impl From<String> for CardName {
    fn from(name: String) -> Self {
        CardName(intern(&name))
    }
}

impl From<&String> for CardName {
    fn from(name: &String) -> Self {
        CardName::from(name.as_str())
    }
}

/// A cheap copy, so code taking `impl Into<CardName>` or writing `.into()` works alike for
/// text and for a name the state already holds.
impl From<&CardName> for CardName {
    fn from(name: &CardName) -> Self {
        name.clone()
    }
}

impl From<CardName> for String {
    fn from(name: CardName) -> Self {
        name.as_str().to_owned()
    }
}

impl PartialEq<str> for CardName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for CardName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == &**other
    }
}

impl PartialEq<String> for CardName {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == &**other
    }
}

impl PartialEq<CardName> for str {
    fn eq(&self, other: &CardName) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<CardName> for &str {
    fn eq(&self, other: &CardName) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<CardName> for String {
    fn eq(&self, other: &CardName) -> bool {
        *self == other.as_str()
    }
}

/// The name alone, as the log and the screen write it.
impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Quoted like a `String`, so debug output reads as it did when names were `String`s.
impl fmt::Debug for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for CardName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CardName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // `Cow` borrows when the text needs no unescaping: a name read before copies nothing.
        let text = Cow::<'de, str>::deserialize(d)?;
        Ok(CardName::from(&*text))
    }
}

/// The schema of a plain string, as before.
impl JsonSchema for CardName {
    fn inline_schema() -> bool {
        String::inline_schema()
    }

    fn schema_name() -> Cow<'static, str> {
        String::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        String::schema_id()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        String::json_schema(generator)
    }
}
