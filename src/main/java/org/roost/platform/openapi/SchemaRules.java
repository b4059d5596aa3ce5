package org.roost.platform.openapi;

/** Rules beyond the schema that several operations share, for {@link Outcomes.Rule}. */
public final class SchemaRules {

    public static final String NFC = "at most maxLength characters once in Unicode normalisation form C (NFC), as stored";
    public static final String NAME = NFC + "; no invisible characters beyond the Basic Multilingual Plane";
    public static final String BALANCED = NFC + "; every bidirectional embedding, override or isolate it opens closed";
    /** A cursor is opaque: only one this API gave is valid, which no schema can say. */
    public static final String CURSOR = "must be a cursor from a page this API gave";
    public static final String SECOND_FACTOR_CODE = "must be the authenticator's current code or an unused recovery code";
    public static final String STEP_TOKEN = "must be a live step token from the first step";
    public static final String CURRENT_PASSWORD = "must be the user's current password";

    private SchemaRules() {
    }
}
