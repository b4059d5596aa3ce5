package org.roost.platform.web;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * Request bodies are read as the JSON they are (docs/api.md, "Input validation"): a number is not a string, a
 * string not a number or a boolean, a fraction not an integer, and a key given twice is an error rather than
 * the last one winning. Jackson's defaults coerce between scalars ({@code {"username":12345}} signed up user
 * "12345"); its own coercion settings turn that off, so nothing here parses by hand.
 */
@Configuration(proxyBeanMethods = false)
class StrictJsonConfig {

    @Bean
    JsonMapperBuilderCustomizer strictJson() {
        return builder -> builder
                // String, "5" or "true", to number or boolean; and, with the lines below, everything else
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                // Scalars to text are not covered by the feature above: each shape is refused by name.
                .withCoercionConfig(LogicalType.Textual, text -> text
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .addModule(new SimpleModule("roost-strict-strings").addDeserializer(String.class,
                        new StrictStringDeserializer()));
    }
}
