//! The JSON Schema of the file format (saves and hand-written position sketches), so an editor
//! can complete and check a file as it is typed. Most of it is derived from the types with
//! `schemars`; the notation types read from strings (`B2.nw`, `A1.s`, `ultramarines`) and the
//! random generator's state are described here by hand.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::engine::format::save::SaveFile;
use crate::engine::format::sketch::Sketch;
use crate::engine::state::ids::{AreaId, EdgeId, Faction, Quadrant, SystemId};

impl JsonSchema for Faction {
    fn schema_name() -> Cow<'static, str> {
        "Faction".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A faction: ultramarines, chaos (World Eaters), orks (Evil Sunz) or eldar (Iyanden).",
            "type": "string",
            "enum": ["ultramarines", "chaos", "orks", "eldar"]
        })
    }
}

impl JsonSchema for SystemId {
    fn schema_name() -> Cow<'static, str> {
        "SystemId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A system: column letter and row number, A1 top left.",
            "type": "string",
            "pattern": "^[A-Za-z][1-9][0-9]?$"
        })
    }
}

impl JsonSchema for Quadrant {
    fn schema_name() -> Cow<'static, str> {
        "Quadrant".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An area's corner of its system tile.",
            "type": "string",
            "enum": ["nw", "ne", "sw", "se"]
        })
    }
}

impl JsonSchema for AreaId {
    fn schema_name() -> Cow<'static, str> {
        "AreaId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An area: its system and compass quadrant, e.g. B2.nw.",
            "type": "string",
            "pattern": "^[A-Za-z][1-9][0-9]?\\.([nN][wWeE]|[sS][wWeE])$"
        })
    }
}

impl JsonSchema for EdgeId {
    fn schema_name() -> Cow<'static, str> {
        "EdgeId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A system tile's edge, where a warp storm lies: B2.n is the same edge as B1.s.",
            "type": "string",
            "pattern": "^[A-Za-z][1-9][0-9]?\\.[nNeEsSwW]$"
        })
    }
}

/// Everything a herakon file may be: a save (it has `format`) or a position sketch (it has not).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)] // Only its schema is used.
enum HerakonFile {
    /// A save: format version, starting position, history and current position.
    Save(Box<SaveFile>),
    /// A position written by hand, everything not given taking its default.
    Sketch(Box<Sketch>),
}

/// The JSON Schema (draft 2020-12) of a herakon file: a save or a hand-written position sketch.
/// A file with `format` is checked as a save, any other as a sketch, so an editor reports the
/// exact field that is wrong; keys of the area and stack maps must be areas and systems.
#[must_use]
pub fn file_schema() -> Schema {
    let mut schema = schemars::schema_for!(HerakonFile);
    schema.insert("title".into(), "herakon save or position sketch".into());
    if let Some(root) = schema.as_object_mut() {
        if let Some(serde_json::Value::Array(forms)) = root.remove("anyOf")
            && let [save, sketch] = forms.as_slice()
        {
            root.insert(
                "if".into(),
                serde_json::json!({"type": "object", "required": ["format"]}),
            );
            root.insert("then".into(), save.clone());
            root.insert("else".into(), sketch.clone());
        }
        if let Some(serde_json::Value::Object(defs)) = root.get_mut("$defs") {
            for (def, field, key) in [
                ("Position", "areas", "AreaId"),
                ("Position", "stacks", "SystemId"),
                ("Sketch", "areas", "AreaId"),
                ("Sketch", "stacks", "SystemId"),
                ("BoardLayout", "tiles", "SystemId"),
            ] {
                if let Some(serde_json::Value::Object(map)) = defs
                    .get_mut(def)
                    .and_then(|d| d.get_mut("properties"))
                    .and_then(|p| p.get_mut(field))
                {
                    map.insert(
                        "propertyNames".into(),
                        serde_json::json!({"$ref": format!("#/$defs/{key}")}),
                    );
                }
            }
        }
    }
    schema
}
