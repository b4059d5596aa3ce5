package org.roost.platform.operations;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who counts as an operator on the main port: requests from these addresses (IPs or CIDR ranges,
 * after trusted proxies' X-Forwarded-For is applied) may read metrics and health details.
 */
@ConfigurationProperties("roost.management")
record OperatorProperties(List<String> operatorAddresses) {
}
