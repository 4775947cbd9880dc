//! What lies on the board, area by area: the position's map from an area to its pieces.
//!
//! It used to be a `BTreeMap`. The rules walk every occupied area after each action (the
//! capacity check, eliminations, the supply counts, the tidy-up of emptied areas), and walking
//! a B-tree's nodes cost more than the work done at each area (#26). An `AreaMap` keeps the
//! same entries in one vector sorted by area: walking it reads memory in order, finding an
//! area is a binary search over a few dozen entries, and a copy is one allocation for the
//! map. It offers the part of the `BTreeMap` interface the code uses, iterates in the same
//! order (by area), and reads and writes as the same JSON object.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::state::ids::{AreaId, SystemId};

/// What each area that has an entry holds, sorted by area (see the module's text). The
/// position holds an `AreaMap<AreaState>`; the map is generic only so that this module needs
/// nothing from `position`, which needs it.
#[derive(Clone, PartialEq, Eq)]
pub struct AreaMap<V> {
    /// The entries, sorted by area, each area once.
    entries: Vec<(AreaId, V)>,
}

impl<V> Default for AreaMap<V> {
    fn default() -> Self {
        AreaMap::new()
    }
}

impl<V> AreaMap<V> {
    /// An empty map.
    #[must_use]
    pub const fn new() -> Self {
        AreaMap {
            entries: Vec::new(),
        }
    }

    /// Where `a` is, or where it would go. The areas are compared as one number each, in
    /// the order `AreaId` sorts by (column, row, quadrant): comparing the three fields one by
    /// one made the search cost as much as the B-tree's (#26).
    #[inline]
    fn find(&self, a: AreaId) -> Result<usize, usize> {
        let key = sort_key(a);
        self.entries
            .binary_search_by_key(&key, |(k, _)| sort_key(*k))
    }

    /// How many areas have an entry.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no area has an entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of an area.
    #[must_use]
    #[inline]
    pub fn get(&self, a: &AreaId) -> Option<&V> {
        self.find(*a).ok().map(|i| &self.entries[i].1)
    }

    /// The entry of an area, to change.
    pub fn get_mut(&mut self, a: &AreaId) -> Option<&mut V> {
        self.find(*a).ok().map(|i| &mut self.entries[i].1)
    }

    /// Whether the area has an entry.
    #[must_use]
    pub fn contains_key(&self, a: &AreaId) -> bool {
        self.find(*a).is_ok()
    }

    /// Sets an area's entry, giving back the one it replaces.
    pub fn insert(&mut self, a: AreaId, state: V) -> Option<V> {
        match self.find(a) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, state)),
            Err(i) => {
                self.entries.insert(i, (a, state));
                None
            }
        }
    }

    /// Takes an area's entry out.
    pub fn remove(&mut self, a: &AreaId) -> Option<V> {
        self.find(*a).ok().map(|i| self.entries.remove(i).1)
    }

    /// An area's entry, to read or create (`entry(a).or_default()`, as with a `BTreeMap`).
    pub fn entry(&mut self, a: AreaId) -> Entry<'_, V> {
        Entry { map: self, area: a }
    }

    /// Drops every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Keeps only the entries for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(&AreaId, &mut V) -> bool) {
        self.entries.retain_mut(|(a, s)| keep(a, s));
    }

    /// The entries, by area.
    #[must_use]
    pub fn iter(&self) -> Iter<'_, V> {
        Iter(self.entries.iter())
    }

    /// The entries, by area, to change.
    pub fn iter_mut(&mut self) -> IterMut<'_, V> {
        IterMut(self.entries.iter_mut())
    }

    /// The areas with an entry, in order.
    #[must_use]
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &AreaId> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(a, _)| a)
    }

    /// The entries' contents, by area.
    #[must_use]
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(_, s)| s)
    }

    /// The entries' contents, by area, to change.
    pub fn values_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator + '_ {
        self.entries.iter_mut().map(|(_, s)| s)
    }

    /// The entries of one system's areas, in order: they lie next to each other.
    #[must_use]
    pub fn of_system(&self, system: SystemId) -> Iter<'_, V> {
        let start = self.entries.partition_point(|(a, _)| a.system < system);
        let end = start
            + self.entries[start..]
                .iter()
                .take_while(|(a, _)| a.system == system)
                .count();
        Iter(self.entries[start..end].iter())
    }
}

/// An area as one number that sorts as `AreaId` does: column, then row, then quadrant.
#[inline]
fn sort_key(a: AreaId) -> u32 {
    (u32::from(a.system.col) << 16) | (u32::from(a.system.row) << 8) | a.quadrant as u32
}

/// One area's place in an [`AreaMap`], filled or not.
pub struct Entry<'a, V> {
    map: &'a mut AreaMap<V>,
    area: AreaId,
}

impl<'a, V: Default> Entry<'a, V> {
    /// The area's entry, created empty if it has none.
    #[must_use]
    pub fn or_default(self) -> &'a mut V {
        let i = match self.map.find(self.area) {
            Ok(i) => i,
            Err(i) => {
                self.map.entries.insert(i, (self.area, V::default()));
                i
            }
        };
        &mut self.map.entries[i].1
    }
}

/// The entries of an [`AreaMap`], by area.
pub struct Iter<'a, V>(std::slice::Iter<'a, (AreaId, V)>);

impl<V> Clone for Iter<'_, V> {
    fn clone(&self) -> Self {
        Iter(self.0.clone())
    }
}

impl<'a, V> Iterator for Iter<'a, V> {
    type Item = (&'a AreaId, &'a V);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(a, s)| (a, s))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<V> DoubleEndedIterator for Iter<'_, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(a, s)| (a, s))
    }
}

impl<V> ExactSizeIterator for Iter<'_, V> {}

/// The entries of an [`AreaMap`], by area, to change.
pub struct IterMut<'a, V>(std::slice::IterMut<'a, (AreaId, V)>);

impl<'a, V> Iterator for IterMut<'a, V> {
    type Item = (&'a AreaId, &'a mut V);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(a, s)| (&*a, s))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<V> DoubleEndedIterator for IterMut<'_, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(a, s)| (&*a, s))
    }
}

impl<V> ExactSizeIterator for IterMut<'_, V> {}

impl<'a, V> IntoIterator for &'a AreaMap<V> {
    type Item = (&'a AreaId, &'a V);
    type IntoIter = Iter<'a, V>;

    fn into_iter(self) -> Iter<'a, V> {
        self.iter()
    }
}

impl<'a, V> IntoIterator for &'a mut AreaMap<V> {
    type Item = (&'a AreaId, &'a mut V);
    type IntoIter = IterMut<'a, V>;

    fn into_iter(self) -> IterMut<'a, V> {
        self.iter_mut()
    }
}

impl<V> IntoIterator for AreaMap<V> {
    type Item = (AreaId, V);
    type IntoIter = std::vec::IntoIter<(AreaId, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

/// As a `BTreeMap` collects: sorted, and the last entry of an area given twice wins.
impl<V> FromIterator<(AreaId, V)> for AreaMap<V> {
    fn from_iter<I: IntoIterator<Item = (AreaId, V)>>(iter: I) -> Self {
        iter.into_iter().collect::<BTreeMap<_, _>>().into()
    }
}

impl<V> From<BTreeMap<AreaId, V>> for AreaMap<V> {
    fn from(map: BTreeMap<AreaId, V>) -> Self {
        AreaMap {
            entries: map.into_iter().collect(),
        }
    }
}

impl<V> From<AreaMap<V>> for BTreeMap<AreaId, V> {
    fn from(map: AreaMap<V>) -> Self {
        map.entries.into_iter().collect()
    }
}

/// Written as a map, as the `BTreeMap` was.
impl<V: fmt::Debug> fmt::Debug for AreaMap<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The same JSON object, in the same order, as the `BTreeMap` wrote.
impl<V: Serialize> Serialize for AreaMap<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for AreaMap<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::<AreaId, V>::deserialize(d).map(AreaMap::from)
    }
}

impl<V: JsonSchema> JsonSchema for AreaMap<V> {
    fn schema_name() -> Cow<'static, str> {
        <BTreeMap<AreaId, V> as JsonSchema>::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        <BTreeMap<AreaId, V> as JsonSchema>::schema_id()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        <BTreeMap<AreaId, V> as JsonSchema>::json_schema(generator)
    }

    fn inline_schema() -> bool {
        <BTreeMap<AreaId, V> as JsonSchema>::inline_schema()
    }
}
