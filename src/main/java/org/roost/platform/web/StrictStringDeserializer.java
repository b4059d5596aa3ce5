package org.roost.platform.web;

import org.roost.platform.shared.StrictUtf8;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Jackson's string reading, refusing the escape of a lone surrogate ({@code "\udc00"}): valid JSON syntax, but no
 * Unicode text, and UTF-8 (the response, PostgreSQL) cannot hold it.
 */
final class StrictStringDeserializer extends StringDeserializer {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) {
        String text = super.deserialize(parser, context);
        if (text != null && StrictUtf8.hasUnpairedSurrogate(text)) {
            throw new UnpairedSurrogate(parser);
        }
        return text;
    }

    /** Refused text; its path names the field. */
    static final class UnpairedSurrogate extends MismatchedInputException {

        UnpairedSurrogate(JsonParser parser) {
            super(parser, "A string holds an unpaired surrogate", String.class);
        }
    }
}
