/** Numbers inside Hindi texts: Indian grouping (1,00,000), one formatter for every twin. */
const HI_NUMBER = new Intl.NumberFormat('hi-IN');

export const hiNumber = (value: number): string => HI_NUMBER.format(value);
