package org.roost.authorization.registration;

import java.util.List;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What a registrar may ask for ({@code roost.registration.*}, defaults in application.yml), at
 * {@code /connect/register} and in the developer console alike.
 *
 * @param allowedGrantTypes grant types a registered client may have; {@code implicit} is never granted whatever this
 *                          says (OAuth 2.0 Security BCP), and a console app gets at most {@code authorization_code}
 *                          and {@code refresh_token}
 * @param reservedNames     names a registered client may not take, nor anything that reads as one of them
 *                          ({@link ClientNames}): the service's own
 */
@ConfigurationProperties("roost.registration")
record RegistrationPolicy(List<String> allowedGrantTypes, List<String> reservedNames) {

    static final String IMPLICIT = "implicit";

    RegistrationPolicy {
        allowedGrantTypes = allowedGrantTypes == null ? List.of() : List.copyOf(allowedGrantTypes);
        reservedNames = reservedNames == null ? List.of() : List.copyOf(reservedNames);
    }

    boolean allows(String grantType) {
        return !IMPLICIT.equals(grantType) && Set.copyOf(allowedGrantTypes).contains(grantType);
    }
}
