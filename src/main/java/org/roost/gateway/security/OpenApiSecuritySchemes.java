package org.roost.gateway.security;

import java.util.List;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.security.OAuthFlow;
import io.swagger.v3.oas.models.security.OAuthFlows;
import io.swagger.v3.oas.models.security.Scopes;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.roost.gateway.publicreading.PublicReading;
import org.roost.identity.session.SessionProperties;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Declares the three credential styles in the OpenAPI document, each sufficient on its own. OAuth
 * endpoint addresses are relative: the issuer, and so the absolute addresses, depend on the origin.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiSecuritySchemes {

    static final String SESSION = "sessionCookie";
    static final String BEARER = "bearerJwt";
    static final String OAUTH = "oauth2";
    static final String OIDC = "openIdConnect";

    @Bean
    OpenApiCustomizer securitySchemes(SessionProperties sessions, PublicReading publicReading) {
        return openApi -> {
            Scopes scopes = new Scopes()
                    .addString(org.roost.platform.shared.Scopes.USERS_READ, "Read users' profiles and followers")
                    .addString(org.roost.platform.shared.Scopes.POSTS_READ, "Read posts")
                    .addString(org.roost.platform.shared.Scopes.POSTS_WRITE, "Write the user's posts")
                    .addString(org.roost.platform.shared.Scopes.FOLLOWERS_WRITE, "Follow and unfollow for the user")
                    .addString(org.roost.platform.shared.Scopes.NOTIFICATIONS_READ, "Read the user's notifications and mark them read");
            Components components = openApi.getComponents() == null ? new Components() : openApi.getComponents();
            components.addSecuritySchemes(SESSION, new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                            .in(SecurityScheme.In.COOKIE).name(sessions.cookieName())
                            .description("Session from POST /login; writes also need X-XSRF-TOKEN = the XSRF-TOKEN cookie."))
                    .addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                            .bearerFormat("JWT").description("First-party access token from POST /auth/token (all scopes)."))
                    .addSecuritySchemes(OAUTH, new SecurityScheme().type(SecurityScheme.Type.OAUTH2)
                            .description("Access token from this service's authorization server.")
                            .flows(new OAuthFlows()
                                    .authorizationCode(new OAuthFlow().authorizationUrl("/oauth2/authorize")
                                            .tokenUrl("/oauth2/token").refreshUrl("/oauth2/token").scopes(scopes))
                                    .clientCredentials(new OAuthFlow().tokenUrl("/oauth2/token").scopes(scopes))))
                    .addSecuritySchemes(OIDC, new SecurityScheme().type(SecurityScheme.Type.OPENIDCONNECT)
                            .openIdConnectUrl("/.well-known/openid-configuration"));
            openApi.setComponents(components);
            List<SecurityRequirement> credentials = List.of(new SecurityRequirement().addList(SESSION),
                    new SecurityRequirement().addList(BEARER), new SecurityRequirement().addList(OAUTH, List.copyOf(scopes.keySet())),
                    new SecurityRequirement().addList(OIDC));
            openApi.setSecurity(credentials);
            if (publicReading.enabled() && openApi.getPaths() != null) {
                // readable without a credential too (roost.public-reading): OpenAPI's empty requirement says so
                List<SecurityRequirement> orNone = new java.util.ArrayList<>(credentials);
                orNone.add(new SecurityRequirement());
                openApi.getPaths().values().forEach(path -> path.readOperations().stream()
                        .filter(operation -> PublicReading.READABLE_OPERATIONS.contains(operation.getOperationId()))
                        .forEach(operation -> operation.setSecurity(orNone)));
            }
        };
    }
}
