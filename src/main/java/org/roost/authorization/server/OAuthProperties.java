package org.roost.authorization.server;

import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the authorization server beyond Spring Boot's ({@code roost.oauth.*}, defaults in application.yml).
 *
 * @param introspectionClients client ids of resource servers that may introspect any client's tokens; every other
 *                             client may introspect only the tokens issued to itself ({@link IntrospectionAudience})
 */
@ConfigurationProperties("roost.oauth")
record OAuthProperties(Set<String> introspectionClients) {
}
