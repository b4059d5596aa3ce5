package org.roost.authorization.token;

import org.springframework.security.oauth2.jwt.Jwt;

/**
 * RFC 9068's access token profile: every access token the service signs, first-party or OAuth, says
 * {@code typ: at+jwt} in its header, and the API accepts no other JWT as a bearer token. An ID token (or any
 * other JWT signed with the same keys) can then never be used as an access token, whatever its claims say.
 */
public final class AccessTokenType {

    /** The header's {@code typ}; RFC 9068 also allows the full media type {@code application/at+jwt}. */
    public static final String TYP = "at+jwt";

    /**
     * The {@code client_id} (and stored id) of the built-in client that first-party sign-ins ({@code /auth/token})
     * are authorizations of ({@code firstparty.FirstPartyClient}). Registered client ids never take this value
     * (configured ones are chosen by the operator, registered ones are random).
     */
    public static final String FIRST_PARTY_CLIENT = "roost";

    static final String NOT_AN_ACCESS_TOKEN = "The token is not an access token (its typ header is not at+jwt).";

    private AccessTokenType() {
    }

    static boolean isAccessToken(Jwt jwt) {
        return jwt.getHeaders().get("typ") instanceof String typ
                && (TYP.equalsIgnoreCase(typ) || ("application/" + TYP).equalsIgnoreCase(typ));
    }
}
