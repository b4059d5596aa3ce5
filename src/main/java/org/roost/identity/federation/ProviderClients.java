package org.roost.identity.federation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.roost.platform.outbound.OutboundRequests;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.FormHttpMessageConverter;
import org.springframework.security.oauth2.client.endpoint.OAuth2AccessTokenResponseClient;
import org.springframework.security.oauth2.client.endpoint.OAuth2AuthorizationCodeGrantRequest;
import org.springframework.security.oauth2.client.endpoint.RestClientAuthorizationCodeTokenResponseClient;
import org.springframework.security.oauth2.client.http.OAuth2ErrorResponseErrorHandler;
import org.springframework.security.oauth2.client.oidc.authentication.OidcIdTokenDecoderFactory;
import org.springframework.security.oauth2.client.oidc.authentication.OidcIdTokenValidator;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.userinfo.DefaultOAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.http.converter.OAuth2AccessTokenResponseHttpMessageConverter;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.web.client.RestTemplate;

/**
 * The HTTP calls of a sign-in with a provider (its token endpoint, its userinfo endpoint, its key set), each made by
 * Spring Security's own client with only the HTTP client swapped for {@link OutboundRequests}' one for configured
 * hosts: its short connect and read timeouts, no redirects. Why not Spring Security's defaults: its token client
 * (a {@code RestClient} on HttpClient 5's defaults) and its userinfo client (a plain {@code RestTemplate}) wait for an
 * answer without limit, so a provider that takes the connection and never answers would hold the sign-in request, and
 * its thread, for as long as it liked; and its key set client had timeouts of its own (Nimbus's 500 ms), not the
 * service's. The providers' URLs are the operator's, so no address rule applies to them.
 */
@Configuration(proxyBeanMethods = false)
class ProviderClients {

    private final OutboundRequests outbound;

    ProviderClients(OutboundRequests outbound) {
        this.outbound = outbound;
    }

    /** The code-for-tokens exchange: Spring Security's client and converters, on the outbound HTTP client. */
    OAuth2AccessTokenResponseClient<OAuth2AuthorizationCodeGrantRequest> tokens() {
        RestClientAuthorizationCodeTokenResponseClient tokens = new RestClientAuthorizationCodeTokenResponseClient();
        tokens.setRestClient(outbound.configuredHostClient()
                .configureMessageConverters(converters -> converters
                        .addCustomConverter(new FormHttpMessageConverter())
                        .addCustomConverter(new OAuth2AccessTokenResponseHttpMessageConverter()))
                .defaultStatusHandler(new OAuth2ErrorResponseErrorHandler())
                .build());
        return tokens;
    }

    /** The userinfo call (made when the provider's ID token leaves claims to it), on the outbound HTTP client. */
    OidcUserService users() {
        RestTemplate rest = outbound.configuredHostRestTemplate();
        rest.setErrorHandler(new OAuth2ErrorResponseErrorHandler());
        DefaultOAuth2UserService userInfo = new DefaultOAuth2UserService();
        userInfo.setRestOperations(rest);
        OidcUserService users = new OidcUserService();
        users.setOauth2UserService(userInfo);
        return users;
    }

    /**
     * How a provider's ID token is checked, as Spring Security's {@link OidcIdTokenDecoderFactory} does it for RS256
     * (its validators and claim conversion), with the key set fetched on the outbound HTTP client; one decoder, and so
     * one cached key set, per provider. A bean because that is where the login configurer looks for it.
     */
    @Bean
    JwtDecoderFactory<ClientRegistration> providerIdTokenDecoders() {
        Map<String, JwtDecoder> decoders = new ConcurrentHashMap<>();
        return registration -> decoders.computeIfAbsent(registration.getRegistrationId(), id -> {
            String keys = registration.getProviderDetails().getJwkSetUri();
            if (keys == null || keys.isBlank()) {
                throw new OAuth2AuthenticationException(new OAuth2Error("missing_signature_verifier",
                        "The provider " + id + " has no key set (jwk-set-uri) to check its ID tokens with.", null));
            }
            NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSetUri(keys)
                    .jwsAlgorithm(SignatureAlgorithm.RS256)
                    .restOperations(outbound.configuredHostRestTemplate())
                    .build();
            decoder.setJwtValidator(JwtValidators.createDefaultWithValidators(new OidcIdTokenValidator(registration)));
            decoder.setClaimSetConverter(OidcIdTokenDecoderFactory.createDefaultClaimTypeConverter());
            return decoder;
        });
    }
}
