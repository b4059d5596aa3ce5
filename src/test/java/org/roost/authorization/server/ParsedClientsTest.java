package org.roost.authorization.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;

/** A client is parsed again whenever any column of its row differs, and only then. */
class ParsedClientsTest {

    private final AtomicInteger parses = new AtomicInteger();
    private final ParsedClients clients = new ParsedClients((row, rowNum) -> {
        parses.incrementAndGet();
        return RegisteredClient.withId(row.getString(1)).clientId(row.getString(2)).clientSecret(row.getString(3))
                .authorizationGrantType(AuthorizationGrantType.CLIENT_CREDENTIALS).build();
    });

    @Test
    void theSameRowIsParsedOnceAndAChangedRowAgain() throws SQLException {
        RegisteredClient first = clients.mapRow(row("1", "app", "{sha256}aa"), 0);
        RegisteredClient again = clients.mapRow(row("1", "app", "{sha256}aa"), 0);
        RegisteredClient rotated = clients.mapRow(row("1", "app", "{sha256}bb"), 0);
        RegisteredClient withoutSecret = clients.mapRow(row("1", "app", null), 0);

        assertThat(again).isSameAs(first);
        assertThat(rotated.getClientSecret()).isEqualTo("{sha256}bb");
        assertThat(withoutSecret.getClientSecret()).isNull();
        assertThat(parses).hasValue(3);
    }

    private static ResultSet row(String id, String clientId, String secret) throws SQLException {
        ResultSet row = mock(ResultSet.class);
        ResultSetMetaData meta = mock(ResultSetMetaData.class);
        when(meta.getColumnCount()).thenReturn(3);
        when(row.getMetaData()).thenReturn(meta);
        String[] values = { id, clientId, secret };
        when(row.getObject(anyInt())).thenAnswer(call -> values[(int) call.getArgument(0) - 1]);
        when(row.getString(anyInt())).thenAnswer(call -> values[(int) call.getArgument(0) - 1]);
        return row;
    }
}
