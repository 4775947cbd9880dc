//! Turning a `serde_path_to_error` failure into the parts a person needs: the JSON path, the
//! line and column, and what was expected.

/// Where a JSON document failed to read, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JsonError {
    /// The JSON path (`$.players[0].materiel`, `$` for the whole document).
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What was expected, without serde's own position suffix.
    pub message: String,
}

/// Reads `text` as a `T`, or says where and why it fails. A key written twice in one object
/// is an error naming both lines (`serde_json` would keep the last one without a word), and so
/// is anything but white space after the document.
pub(crate) fn from_str<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, JsonError> {
    if let Some(d) = crate::engine::data::json_keys::find_duplicate_key(text) {
        return Err(JsonError {
            path: d.path,
            line: d.line,
            column: d.column,
            message: format!(
                "the key `{}` is written twice in this object (first on line {}, again on line {}); remove one of them",
                d.key, d.first_line, d.line
            ),
        });
    }
    let de = &mut serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize::<_, T>(&mut *de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let path = match path.as_str() {
            "." => "$".to_string(),
            p if p.starts_with('[') => format!("${p}"),
            p => format!("$.{p}"),
        };
        let message = inner.to_string();
        // serde_json appends " at line L column C"; the error carries those apart.
        let message = match message.rfind(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message,
        };
        JsonError {
            path,
            line: inner.line(),
            column: inner.column(),
            message,
        }
    })?;
    // Only white space may follow the document: anything else (garbage, NUL bytes, a second
    // save appended) would otherwise be dropped without a word.
    de.end().map_err(|e| JsonError {
        path: "$".into(),
        line: e.line(),
        column: e.column(),
        message: "more text after the end of the JSON document (expected nothing but white space)"
            .into(),
    })?;
    Ok(value)
}
