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
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardName(Arc<str>);

impl CardName {
    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for CardName {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for CardName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for CardName {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for CardName {
    fn from(name: &str) -> Self {
        CardName(Arc::from(name))
    }
}

impl From<String> for CardName {
    fn from(name: String) -> Self {
        CardName(Arc::from(name))
    }
}

impl From<&String> for CardName {
    fn from(name: &String) -> Self {
        CardName(Arc::from(name.as_str()))
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
        name.0.to_string()
    }
}

impl PartialEq<str> for CardName {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for CardName {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for CardName {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<CardName> for str {
    fn eq(&self, other: &CardName) -> bool {
        *self == *other.0
    }
}

impl PartialEq<CardName> for &str {
    fn eq(&self, other: &CardName) -> bool {
        **self == *other.0
    }
}

impl PartialEq<CardName> for String {
    fn eq(&self, other: &CardName) -> bool {
        **self == *other.0
    }
}

/// The name alone, as the log and the screen write it.
impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Quoted like a `String`, so debug output reads as it did when names were `String`s.
impl fmt::Debug for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for CardName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
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

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests fail loudly")]
mod tests {
    use super::*;

    #[test]
    fn a_card_name_is_shared_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<CardName>();
    }

    #[test]
    fn a_cloned_card_name_shares_its_text() {
        let name = CardName::from("Rapid Assault");
        let copy = name.clone();
        assert!(std::ptr::eq(name.as_str(), copy.as_str()));
        assert_eq!(copy, "Rapid Assault");
        assert_eq!(copy.to_string(), "Rapid Assault");
        assert_eq!(format!("{copy:?}"), "\"Rapid Assault\"");
    }

    #[test]
    fn a_card_name_reads_and_writes_as_a_plain_json_string() {
        let name: CardName = serde_json::from_str("\"Fury of the \\\"Emperor\\\"\"").unwrap();
        assert_eq!(name, "Fury of the \"Emperor\"");
        assert_eq!(
            serde_json::to_string(&name).unwrap(),
            "\"Fury of the \\\"Emperor\\\"\""
        );
        assert_eq!(
            serde_json::to_value(schemars::schema_for!(CardName)).unwrap()["type"],
            "string"
        );
    }
}
