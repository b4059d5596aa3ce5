package org.roost.identity.federation;

import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.oidc.OidcScopes;
import org.springframework.stereotype.Component;

/**
 * The OpenID Connect providers one can sign in with: Spring Boot's client registrations
 * ({@code spring.security.oauth2.client.registration.*}) that use the authorization code grant and ask for
 * {@code openid}. None are configured by default. Public for the authorization server's sign-in page, which offers
 * them too.
 */
@Component
public class Providers {

    /**
     * @param id    the registration id, as in {@code /oauth2/authorization/{id}}
     * @param name  the registration's {@code client-name} (its id when none is set), for "Sign in with ..."
     */
    public record Provider(String id, String name) {

        /** Where signing in with this provider starts (a GET). */
        public String start() {
            return "/oauth2/authorization/" + id;
        }
    }

    private final ObjectProvider<ClientRegistrationRepository> registrations;

    Providers(ObjectProvider<ClientRegistrationRepository> registrations) {
        this.registrations = registrations;
    }

    public List<Provider> list() {
        if (!(registrations.getIfAvailable() instanceof Iterable<?> all)) {
            return List.of();
        }
        return StreamSupport.stream(all.spliterator(), false)
                .filter(ClientRegistration.class::isInstance).map(ClientRegistration.class::cast)
                .filter(Providers::signsIn).map(r -> new Provider(r.getRegistrationId(), r.getClientName()))
                .toList();
    }

    public Optional<Provider> find(String id) {
        return list().stream().filter(p -> p.id().equals(id)).findFirst();
    }

    ClientRegistrationRepository repository() {
        ClientRegistrationRepository repository = registrations.getIfAvailable();
        return repository != null ? repository : id -> null;
    }

    private static boolean signsIn(ClientRegistration registration) {
        return AuthorizationGrantType.AUTHORIZATION_CODE.equals(registration.getAuthorizationGrantType())
                && registration.getScopes().contains(OidcScopes.OPENID);
    }
}
