//! Zone entries of the position format: a card written either as its name alone
//! (`"n_fire_05"`) or as an object naming it with flags (`{"card": "n_fire_05",
//! "face_down": true}`). An entry is written back in the short form when every flag has its
//! default, so a position round-trips through JSON unchanged.

/// Whether a value is its type's default (flags left out of the JSON form).
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// [`is_default`] for a borrowed field.
pub(crate) fn is_default_ref<T: Default + PartialEq>(value: &&T) -> bool {
    is_default(*value)
}

/// Defines a zone entry: a card name with flags, read from a string or an object (unknown
/// flags refused), written as a string when the flags are all default.
macro_rules! entry {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct $name {
            /// The card, by name (`key` or `key#k`).
            pub card: String,
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $name {
            /// The card with every flag at its default.
            pub fn of(card: &str) -> Self {
                $name {
                    card: card.to_string(),
                    ..Default::default()
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                #[derive(serde::Serialize)]
                struct Full<'a> {
                    card: &'a str,
                    $(
                        #[serde(skip_serializing_if = "crate::scenario::entry::is_default_ref")]
                        $field: &'a $ty,
                    )*
                }
                if true $( && crate::scenario::entry::is_default(&self.$field) )* {
                    return s.serialize_str(&self.card);
                }
                Full {
                    card: &self.card,
                    $( $field: &self.$field, )*
                }
                .serialize(s)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                #[derive(serde::Deserialize)]
                #[serde(deny_unknown_fields)]
                struct Full {
                    card: String,
                    $( #[serde(default)] $field: $ty, )*
                }
                struct Visit;
                impl<'de> serde::de::Visitor<'de> for Visit {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str("a card name, or an object with a `card` name and flags")
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        Ok($name::of(v))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<$name, A::Error> {
                        let full: Full = serde::Deserialize::deserialize(
                            serde::de::value::MapAccessDeserializer::new(map),
                        )?;
                        Ok($name {
                            card: full.card,
                            $( $field: full.$field, )*
                        })
                    }
                }
                d.deserialize_any(Visit)
            }
        }
    };
}

pub(crate) use entry;
