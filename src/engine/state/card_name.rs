//! A card's name as the state holds it: hands, decks, face-up cards, schemes and the events
//! that name a card.
//!
//! Names used to be `String`s, so every copy of a position (each look-ahead of the combat odds,
//! every clone of a `Game`) allocated and freed one buffer per card: more than half the
//! instructions of `combat_odds` went to `malloc` and `free` (#26). A `CardName` shares one
//! immutable buffer: cloning it counts a reference up, comparing it compares the text. It is
//! `Send + Sync` (the odds play on several threads) and reads and writes as a plain JSON
//! string, so saves keep their format byte for byte.

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card's name, cheap to clone (no allocation) and compared by its text.
#[derive(Clone)]
pub struct CardName(Text);

/// Other text from the card data, such as an option's label: shared like a name, so an event
/// that repeats it copies no text.
pub type CardText = CardName;

/// Where a name's text lives: in the program (a name the rules code spells out, such as an
/// order upgrade's) or in one shared buffer (a name read from the data or a save). Either way
/// a copy allocates nothing, so the engine writes no text while playing (#26).
#[derive(Clone)]
enum Text {
    Fixed(&'static str),
    Shared(Arc<str>),
}

impl CardName {
    /// A name the program spells out, kept without a buffer of its own.
    #[must_use]
    pub const fn fixed(name: &'static str) -> CardName {
        CardName(Text::Fixed(name))
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Text::Fixed(s) => s,
            Text::Shared(s) => s,
        }
    }
}

impl PartialEq for CardName {
    fn eq(&self, other: &CardName) -> bool {
        self.as_str() == other.as_str()
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
        CardName(Text::Shared(Arc::from(name)))
    }
}

impl From<String> for CardName {
    fn from(name: String) -> Self {
        CardName(Text::Shared(Arc::from(name)))
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
        // `Cow` borrows when the text needs no unescaping, so only the shared buffer is built.
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
