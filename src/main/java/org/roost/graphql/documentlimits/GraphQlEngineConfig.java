package org.roost.graphql.documentlimits;

import graphql.parser.ParserOptions;

import org.roost.graphql.GraphQlSettings;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** graphql-java settings that Spring Boot has no property for. */
@Configuration(proxyBeanMethods = false)
class GraphQlEngineConfig {

    @Bean
    GraphQlSourceBuilderCustomizer documentCache(GraphQlSettings settings) {
        // The document size limit is checked before parsing; the token limit bounds what is left.
        // Deep nesting (selection sets, list values, input objects) is refused by the parser
        // itself, before its recursion grows the stack; graphql-java's own default allows 500 levels.
        int size = (int) Math.min(Integer.MAX_VALUE, settings.maxDocumentSize().toBytes());
        ParserOptions.setDefaultOperationParserOptions(ParserOptions.getDefaultOperationParserOptions().transform(
                options -> options.maxTokens(size).maxCharacters(size).maxWhitespaceTokens(size)
                        .maxRuleDepth(Math.max(200, settings.maxDepth() * 8))));
        return builder -> builder.configureGraphQl(graphQl -> graphQl
                .preparsedDocumentProvider(new DocumentCache(settings)));
    }
}
