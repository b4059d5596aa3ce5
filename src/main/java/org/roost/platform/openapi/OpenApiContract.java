package org.roost.platform.openapi;

import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotBlank;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.CleanText;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.TextRules;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.PropertyCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Makes the document exactly as strict as the code, where springdoc's inference is looser: Bean Validation's
 * {@code @Pattern} matches the whole value while JSON Schema's {@code pattern} matches anywhere, so every pattern is
 * anchored; {@code @NotBlank} (at least one character above U+0020, as Hibernate Validator trims) becomes a
 * minimum length and a lookahead; the paging parameters get their real bounds. Tests hold document and code to each
 * other: {@code OpenApiResponseValidation} checks every request and response of the integration tests against it.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiContract {

    /** JSON Schema (ECMA 262) for "not blank" as Hibernate Validator judges it: one character above U+0020. */
    static final String NOT_BLANK = "(?=[\\s\\S]*[^\\x00-\\x20])";
    private static final String NOT_BLANK_MARK = "x-roost-not-blank";
    private static final String CLEAN_TEXT_MARK = "x-roost-clean-text";
    private static final String NULL_MARK = "x-roost-null";

    /**
     * Marks a {@code @NotBlank} property; the schema is completed once springdoc has applied {@code @Size} and
     * {@code @Pattern} (after property customizers), in {@link #anchor}.
     */
    @Bean
    PropertyCustomizer notBlankIsAVisibleCharacter() {
        return (property, type) -> {
            if (type.getCtxAnnotations() != null
                    && Arrays.stream(type.getCtxAnnotations()).anyMatch(NotBlank.class::isInstance)) {
                property.addExtension(NOT_BLANK_MARK, true);
            }
            return property;
        };
    }

    /** Marks text under {@link CleanText}: its pattern becomes the characters its use allows, in {@link #anchor}. */
    @Bean
    PropertyCustomizer cleanTextAllowsWhatItsRulesAllow() {
        return (property, type) -> {
            if (type.getCtxAnnotations() != null) {
                Arrays.stream(type.getCtxAnnotations()).filter(CleanText.class::isInstance).map(CleanText.class::cast)
                        .findFirst().ifPresent(clean -> property.addExtension(CLEAN_TEXT_MARK, clean.value().name()));
            }
            return property;
        };
    }

    /**
     * A request member the code takes as null ({@code @Schema(types = {"string", "null"})} on the component: an
     * optional member, or one a merge patch removes) says so: springdoc keeps only the type it infers from Java. A
     * list's items are resolved with the list's annotations too, so a nullable list ({@code types = {"array",
     * "null"}}) marks the list alone, not its items ({@code MarkRead.ids} typed its ids nullable, which the code
     * refuses).
     */
    @Bean
    PropertyCustomizer nullWhereTheCodeTakesNull() {
        return (property, type) -> {
            if (type.getCtxAnnotations() != null && Arrays.stream(type.getCtxAnnotations())
                    .anyMatch(a -> a instanceof io.swagger.v3.oas.annotations.media.Schema schema
                            && Arrays.asList(schema.types()).contains("null")
                            && Arrays.asList(schema.types()).contains("array") == isContainer(type.getType()))) {
                property.addExtension(NULL_MARK, true); // completed in anchor, once springdoc has set the type
            }
            return property;
        };
    }

    private static boolean isContainer(java.lang.reflect.@Nullable Type type) {
        return type != null && com.fasterxml.jackson.databind.type.TypeFactory.defaultInstance().constructType(type)
                .isContainerType();
    }

    /**
     * Properties ({@code Schema.property}) the API may leave out: {@code @JsonInclude} other than ALWAYS. Static because
     * swagger-core's model converters are one per JVM and resolve a type once: a second application context in the same
     * JVM (the cross-instance tests) never sees its properties again, and must still know which are optional.
     */
    private static final Set<String> OPTIONAL = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Bean
    PropertyCustomizer leftOutWhenEmpty() {
        return (property, type) -> {
            if (type.getParent() != null && type.getCtxAnnotations() != null && Arrays.stream(type.getCtxAnnotations())
                    .anyMatch(a -> a instanceof JsonInclude include && include.value() != JsonInclude.Include.ALWAYS)) {
                OPTIONAL.add(type.getParent().getName() + "." + type.getPropertyName());
            }
            return property;
        };
    }

    /** Every property of a response is required (the API writes each, null or not) unless it may be left out. */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE + 1)
    @SuppressWarnings({ "rawtypes", "unchecked" })
    OpenApiCustomizer responsesListTheirRequiredFields() {
        return openApi -> {
            Map<String, Schema> components = openApi.getComponents().getSchemas();
            Set<String> reached = new java.util.HashSet<>();
            openApi.getPaths().values().forEach(item -> item.readOperations().forEach(operation ->
                    operation.getResponses().values().forEach(response ->
                            contentSchemas(response.getContent()).forEach(schema -> reach(schema, components, reached)))));
            reached.forEach(name -> {
                Schema<?> schema = components.get(name);
                // A schema that lists its required fields itself (the error body, GraphQL's response) keeps them
                if (schema != null && schema.getProperties() != null && schema.getRequired() == null) {
                    Map<String, Schema> properties = schema.getProperties();
                    schema.setRequired(properties.keySet().stream()
                            .filter(property -> !OPTIONAL.contains(name + "." + property)).sorted().toList());
                }
            });
            // A request's JSON may hold only the fields its schema names: the API refuses any other
            openApi.getPaths().values().forEach(item -> item.readOperations().forEach(operation -> {
                if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null
                        && operation.getRequestBody().getContent().get("application/json") != null) {
                    Schema<?> body = operation.getRequestBody().getContent().get("application/json").getSchema();
                    Schema<?> target = body != null && body.get$ref() != null
                            ? components.get(body.get$ref().substring(body.get$ref().lastIndexOf('/') + 1)) : body;
                    // unless the schema says itself what it does with other members (GraphQL's request ignores them)
                    if (target != null && target.getProperties() != null && target.getAdditionalProperties() == null) {
                        target.setAdditionalProperties(false);
                    }
                }
            }));
        };
    }

    @SuppressWarnings("rawtypes")
    private static void reach(@Nullable Schema<?> schema, Map<String, Schema> components, Set<String> reached) {
        if (schema == null) {
            return;
        }
        if (schema.get$ref() != null) {
            String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
            if (reached.add(name) && components.get(name) != null) {
                reach(components.get(name), components, reached);
            }
            return;
        }
        if (schema.getProperties() != null) {
            schema.getProperties().values().forEach(property -> reach(property, components, reached));
        }
        reach(schema.getItems(), components, reached);
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE + 2)
    OpenApiCustomizer anchoredPatternsAndPagingBounds() {
        return openApi -> {
            Set<Schema<?>> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
            if (openApi.getComponents() != null && openApi.getComponents().getSchemas() != null) {
                openApi.getComponents().getSchemas().values().forEach(schema -> anchor(schema, seen));
            }
            openApi.getPaths().values().forEach(item -> item.readOperations().forEach(operation -> {
                if (operation.getParameters() != null) {
                    operation.getParameters().forEach(parameter -> {
                        page(parameter);
                        anchor(parameter.getSchema(), seen);
                    });
                }
                if (operation.getRequestBody() != null) {
                    contentSchemas(operation.getRequestBody().getContent()).forEach(schema -> anchor(schema, seen));
                }
            }));
        };
    }

    private static void page(Parameter parameter) {
        if (!"query".equals(parameter.getIn()) || parameter.getSchema() == null) {
            return;
        }
        switch (parameter.getName()) {
            case "limit" -> {
                parameter.setDescription("Items per page, " + PageRequest.DEFAULT_LIMIT + " when absent.");
                parameter.getSchema().setMinimum(java.math.BigDecimal.ONE);
                parameter.getSchema().setMaximum(java.math.BigDecimal.valueOf(PageRequest.MAX_LIMIT));
                parameter.getSchema().setDefault(PageRequest.DEFAULT_LIMIT);
            }
            case "after" -> parameter.setDescription("An opaque cursor: the `next` link of the previous page carries it. "
                    + "Pass it back unchanged; its encoding may change.");
            default -> { }
        }
    }

    private static Stream<Schema<?>> contentSchemas(@Nullable Content content) {
        if (content == null) {
            return Stream.empty();
        }
        return content.values().stream().<Schema<?>>map(media -> media.getSchema()).filter(Objects::nonNull);
    }

    @SuppressWarnings({ "rawtypes", "unchecked" })
    private static void anchor(@Nullable Schema<?> schema, Set<Schema<?>> seen) {
        if (schema == null || !seen.add(schema)) {
            return;
        }
        if (schema.getExtensions() != null && schema.getExtensions().remove(CLEAN_TEXT_MARK) instanceof String use) {
            schema.setPattern(TextRules.allowedCharacters(TextRules.Use.valueOf(use)) + "*");
        }
        if (schema.getExtensions() != null && schema.getExtensions().remove(NOT_BLANK_MARK) != null) {
            schema.setMinLength(Math.max(1, Objects.requireNonNullElse(schema.getMinLength(), 0)));
            String given = schema.getPattern() == null ? "[\\s\\S]*" : schema.getPattern();
            schema.setPattern("^" + NOT_BLANK + "(?:" + given + ")$");
            if (schema.getExtensions().isEmpty()) {
                schema.setExtensions(null);
            }
        }
        if (schema.getExtensions() != null && schema.getExtensions().remove(NULL_MARK) != null) {
            Set<String> types = new java.util.LinkedHashSet<>();
            if (schema.getTypes() != null) {
                types.addAll(schema.getTypes());
            }
            if (schema.getType() != null) {
                types.add(schema.getType());
            }
            types.add("null");
            schema.setTypes(types);
            if (schema.getExtensions().isEmpty()) {
                schema.setExtensions(null);
            }
        }
        String pattern = schema.getPattern();
        if (pattern != null && !pattern.startsWith("^")) {
            schema.setPattern("^(?:" + pattern + ")$");
        }
        Map<String, Schema> properties = schema.getProperties();
        if (properties != null) {
            properties.values().forEach(property -> anchor(property, seen));
        }
        anchor(schema.getItems(), seen);
        Stream.of(schema.getAllOf(), schema.getAnyOf(), schema.getOneOf()).filter(Objects::nonNull)
                .flatMap(Collection::stream).forEach(part -> anchor((Schema<?>) part, seen));
        if (schema.getAdditionalProperties() instanceof Schema<?> additional) {
            anchor(additional, seen);
        }
    }
}
