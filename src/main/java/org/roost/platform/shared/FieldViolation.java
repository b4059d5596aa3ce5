package org.roost.platform.shared;

/** One offending input: the field as the client named it, and what is wrong with it. */
public record FieldViolation(String field, String message) {
}
