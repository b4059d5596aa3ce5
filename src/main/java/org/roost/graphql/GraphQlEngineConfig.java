package org.roost.graphql;

import graphql.parser.ParserOptions;

import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** graphql-java settings that Spring Boot has no property for. */
@Configuration(proxyBeanMethods = false)
class GraphQlEngineConfig {

    @Bean
    GraphQlSourceBuilderCustomizer documentCache(GraphQlSettings settings) {
        // The document size limit is checked before parsing; the token limit bounds what is left.
        ParserOptions.setDefaultOperationParserOptions(ParserOptions.getDefaultOperationParserOptions().transform(
                options -> options.maxTokens((int) Math.min(Integer.MAX_VALUE, settings.maxDocumentSize().toBytes()))));
        return builder -> builder.configureGraphQl(graphQl -> graphQl
                .preparsedDocumentProvider(new DocumentCache(settings.documentCacheSize())));
    }
}
