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
use crate::engine::state::position::AreaState;

/// The pieces of each area that has an entry, sorted by area (see the module's text).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct AreaMap {
    /// The entries, sorted by area, each area once.
    entries: Vec<(AreaId, AreaState)>,
}

impl AreaMap {
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
    pub fn get(&self, a: &AreaId) -> Option<&AreaState> {
        self.find(*a).ok().map(|i| &self.entries[i].1)
    }

    /// The entry of an area, to change.
    pub fn get_mut(&mut self, a: &AreaId) -> Option<&mut AreaState> {
        self.find(*a).ok().map(|i| &mut self.entries[i].1)
    }

    /// Whether the area has an entry.
    #[must_use]
    pub fn contains_key(&self, a: &AreaId) -> bool {
        self.find(*a).is_ok()
    }

    /// Sets an area's entry, giving back the one it replaces.
    pub fn insert(&mut self, a: AreaId, state: AreaState) -> Option<AreaState> {
        match self.find(a) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, state)),
            Err(i) => {
                self.entries.insert(i, (a, state));
                None
            }
        }
    }

    /// Takes an area's entry out.
    pub fn remove(&mut self, a: &AreaId) -> Option<AreaState> {
        self.find(*a).ok().map(|i| self.entries.remove(i).1)
    }

    /// An area's entry, to read or create (`entry(a).or_default()`, as with a `BTreeMap`).
    pub fn entry(&mut self, a: AreaId) -> Entry<'_> {
        Entry { map: self, area: a }
    }

    /// Drops every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Keeps only the entries for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(&AreaId, &mut AreaState) -> bool) {
        self.entries.retain_mut(|(a, s)| keep(a, s));
    }

    /// The entries, by area.
    #[must_use]
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    /// The entries, by area, to change.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.entries.iter_mut())
    }

    /// The areas with an entry, in order.
    #[must_use]
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &AreaId> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(a, _)| a)
    }

    /// The entries' contents, by area.
    #[must_use]
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &AreaState> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(_, s)| s)
    }

    /// The entries' contents, by area, to change.
    pub fn values_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = &mut AreaState> + ExactSizeIterator + '_ {
        self.entries.iter_mut().map(|(_, s)| s)
    }

    /// The entries of one system's areas, in order: they lie next to each other.
    #[must_use]
    pub fn of_system(&self, system: SystemId) -> Iter<'_> {
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
pub struct Entry<'a> {
    map: &'a mut AreaMap,
    area: AreaId,
}

impl<'a> Entry<'a> {
    /// The area's entry, created empty if it has none.
    #[must_use]
    pub fn or_default(self) -> &'a mut AreaState {
        let i = match self.map.find(self.area) {
            Ok(i) => i,
            Err(i) => {
                self.map
                    .entries
                    .insert(i, (self.area, AreaState::default()));
                i
            }
        };
        &mut self.map.entries[i].1
    }
}

/// The entries of an [`AreaMap`], by area.
#[derive(Clone)]
pub struct Iter<'a>(std::slice::Iter<'a, (AreaId, AreaState)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a AreaId, &'a AreaState);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(a, s)| (a, s))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(a, s)| (a, s))
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// The entries of an [`AreaMap`], by area, to change.
pub struct IterMut<'a>(std::slice::IterMut<'a, (AreaId, AreaState)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a AreaId, &'a mut AreaState);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(a, s)| (&*a, s))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for IterMut<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(a, s)| (&*a, s))
    }
}

impl ExactSizeIterator for IterMut<'_> {}

impl<'a> IntoIterator for &'a AreaMap {
    type Item = (&'a AreaId, &'a AreaState);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut AreaMap {
    type Item = (&'a AreaId, &'a mut AreaState);
    type IntoIter = IterMut<'a>;

    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl IntoIterator for AreaMap {
    type Item = (AreaId, AreaState);
    type IntoIter = std::vec::IntoIter<(AreaId, AreaState)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

/// As a `BTreeMap` collects: sorted, and the last entry of an area given twice wins.
impl FromIterator<(AreaId, AreaState)> for AreaMap {
    fn from_iter<I: IntoIterator<Item = (AreaId, AreaState)>>(iter: I) -> Self {
        iter.into_iter().collect::<BTreeMap<_, _>>().into()
    }
}

impl From<BTreeMap<AreaId, AreaState>> for AreaMap {
    fn from(map: BTreeMap<AreaId, AreaState>) -> Self {
        AreaMap {
            entries: map.into_iter().collect(),
        }
    }
}

impl From<AreaMap> for BTreeMap<AreaId, AreaState> {
    fn from(map: AreaMap) -> Self {
        map.entries.into_iter().collect()
    }
}

/// Written as a map, as the `BTreeMap` was.
impl fmt::Debug for AreaMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The same JSON object, in the same order, as the `BTreeMap` wrote.
impl Serialize for AreaMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for AreaMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::<AreaId, AreaState>::deserialize(d).map(AreaMap::from)
    }
}

impl JsonSchema for AreaMap {
    fn schema_name() -> Cow<'static, str> {
        <BTreeMap<AreaId, AreaState> as JsonSchema>::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        <BTreeMap<AreaId, AreaState> as JsonSchema>::schema_id()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        <BTreeMap<AreaId, AreaState> as JsonSchema>::json_schema(generator)
    }

    fn inline_schema() -> bool {
        <BTreeMap<AreaId, AreaState> as JsonSchema>::inline_schema()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::ids::Quadrant;

    #[test]
    fn the_sort_key_orders_areas_as_area_id_does() {
        let mut areas = Vec::new();
        for col in 0..7 {
            for row in 0..7 {
                for q in Quadrant::ALL {
                    areas.push(AreaId::new(SystemId::new(col, row), q));
                }
            }
        }
        for a in &areas {
            for b in &areas {
                assert_eq!(a.cmp(b), sort_key(*a).cmp(&sort_key(*b)), "{a} and {b}");
            }
        }
    }

    #[test]
    fn an_area_map_finds_inserts_and_walks_in_area_order_like_a_btree_map() {
        let ids: Vec<AreaId> = [(2, 1, 3), (0, 0, 1), (1, 2, 0), (0, 0, 0), (2, 1, 0)]
            .into_iter()
            .map(|(c, r, q)| AreaId::new(SystemId::new(c, r), Quadrant::ALL[q]))
            .collect();
        let mut map = AreaMap::new();
        let mut tree = BTreeMap::new();
        for (n, &id) in ids.iter().enumerate() {
            let objectives = vec![crate::engine::state::ids::Faction::ALL[n % 4]];
            map.entry(id)
                .or_default()
                .objectives
                .clone_from(&objectives);
            tree.insert(
                id,
                AreaState {
                    objectives,
                    ..AreaState::default()
                },
            );
        }
        let walked: Vec<_> = map.iter().map(|(a, s)| (*a, s.clone())).collect();
        let expected: Vec<_> = tree.iter().map(|(a, s)| (*a, s.clone())).collect();
        assert_eq!(walked, expected);
        for id in &ids {
            assert_eq!(map.get(id), tree.get(id));
        }
        assert_eq!(
            map.get(&AreaId::new(SystemId::new(3, 3), Quadrant::Nw)),
            None
        );
        let system = SystemId::new(2, 1);
        let of_system: Vec<AreaId> = map.of_system(system).map(|(a, _)| *a).collect();
        let expected: Vec<AreaId> = tree
            .keys()
            .copied()
            .filter(|a| a.system == system)
            .collect();
        assert_eq!(of_system, expected);
    }
}
