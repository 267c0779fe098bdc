// UK merchants and payees, as data. Names are matched as whole words after the tokenizer's normalisation
// (upper case, apostrophes dropped, "&" read as AND, letters and digits split apart), so "Sainsbury's",
// "SAINSBURYS S/MKT" and "sainsburys" all meet the entry SAINSBURYS. A trailing "*" matches any word that
// starts with the text ("AMZN*" meets AMZNMKTPLACE). When several entries match, the one with most words
// wins, so "TESCO PFS" (fuel) beats "TESCO" (food) and "SHELL ENERGY" beats "SHELL".
import type { CategoryId } from './taxonomy.data.js';

export interface MerchantGroup {
  category: CategoryId;
  /** Words for the reason: "a known <kind>". */
  kind: string;
  names: readonly string[];
  /** What money IN from this payee means; default: refunds for spending categories. */
  credit?: CategoryId;
  /** What money OUT to this payee means when it differs from `category` (payment processors). */
  debit?: CategoryId;
  /** Payment intermediaries name the real merchant after them; any other match beats them. */
  intermediary?: boolean;
  /** The group's category stands even against override keywords (an HMRC refund is still tax). */
  sticky?: boolean;
  /** Base confidence when this group decides; default 0.9. */
  confidence?: number;
}

export const MERCHANT_GROUPS: readonly MerchantGroup[] = [
  // Food: supermarkets are subsistence by default but could as well be stock or personal, hence lower confidence.
  {
    category: 'meals', kind: 'supermarket', confidence: 0.6,
    names: ['TESCO', 'TESCO STORES', 'TESCO EXPRESS', 'TESCO METRO', 'SAINSBURYS', 'SAINSBURY', 'JS ONLINE GROCERY',
      'ASDA', 'ASDA STORES', 'MORRISONS', 'WM MORRISON', 'ALDI', 'LIDL', 'LIDL GB', 'WAITROSE', 'CO OP', 'COOP',
      'CO OPERATIVE', 'COOPERATIVE FOOD', 'MARKS AND SPENCER', 'M AND S', 'ICELAND', 'SPAR', 'NISA', 'BUDGENS',
      'ONE STOP', 'OCADO', 'FARMFOODS', 'HERON FOODS', 'COSTCUTTER', 'LONDIS', 'PREMIER STORES', 'BOOTHS', 'MCCOLLS', 'WHOLE FOODS'],
  },
  {
    category: 'meals', kind: 'café or restaurant chain',
    names: ['PRET A MANGER', 'PRET', 'COSTA', 'COSTA COFFEE', 'STARBUCKS', 'CAFFE NERO', 'NERO', 'GREGGS', 'MCDONALDS',
      'BURGER KING', 'KFC', 'NANDOS', 'WAGAMAMA', 'PIZZA EXPRESS', 'PIZZAEXPRESS', 'PIZZA HUT', 'DOMINOS', 'DOMINOS PIZZA',
      'PAPA JOHNS', 'SUBWAY', 'LEON', 'ITSU', 'WASABI', 'TORTILLA', 'CHOPSTIX', 'FIVE GUYS', 'WETHERSPOON', 'JD WETHERSPOON',
      'J D WETHERSPOON', 'ZIZZI', 'ASK ITALIAN', 'FRANKIE AND BENNYS', 'TOBY CARVERY', 'HARVESTER', 'BREWERS FAYRE',
      'BEEFEATER', 'MILLER AND CARTER', 'YO SUSHI', 'WAHACA', 'DISHOOM', 'BILLS RESTAURANT', 'CAFE ROUGE', 'BELLA ITALIA',
      'PAUL UK', 'BENUGO', 'TIM HORTONS', 'KRISPY KREME', 'PIZZA PILGRIMS', 'HONEST BURGERS', 'BYRON', 'TGI FRIDAYS',
      'ALL BAR ONE', 'NICHOLSONS', 'GREENE KING', 'MITCHELLS AND BUTLERS', 'SAMUEL SMITH', 'YOUNGS', 'FULLERS', 'PRINCIPAL CAFE',
      'MOTO HOSPITALITY', 'WELCOME BREAK', 'ROADCHEF', 'UPPER CRUST', 'WHSMITH TRAVEL'],
  },
  {
    category: 'meals', kind: 'food delivery service',
    names: ['DELIVEROO', 'JUST EAT', 'JUSTEAT', 'UBER EATS', 'UBEREATS'],
  },
  // Fuel. Bare "BP" is left out: it is also the bill-payment code banks print.
  {
    category: 'fuel', kind: 'fuel retailer',
    names: ['SHELL', 'ESSO', 'BP CONNECT', 'BP EXPRESS', 'BP OIL', 'BP SERVICE', 'TEXACO', 'JET', 'GULF', 'MURCO', 'TOTAL',
      'TOTALENERGIES', 'VALERO', 'TESCO PFS', 'TESCO PETROL', 'SAINSBURYS PETROL', 'SAINSBURYS FUEL', 'ASDA PETROL',
      'ASDA FUEL', 'ASDA PFS', 'MORRISONS PFS', 'MORRISONS FUEL', 'MORRISONS PETROL', 'MFG', 'MOTOR FUEL GROUP', 'EUROGARAGES',
      'EG GROUP', 'RONTEC', 'APPLEGREEN', 'CERTAS', 'HARVEST ENERGY', 'ALLSTAR', 'KEYFUELS', 'UK FUELS', 'FUELGENIE',
      'RADIUS FUEL', 'BP PULSE', 'POD POINT', 'INSTAVOLT', 'IONITY', 'TESLA SUPERCHARGER', 'GRIDSERVE', 'OSPREY CHARGING',
      'SHELL RECHARGE', 'CHARGEPLACE', 'ZAPMAP', 'GENIEPOINT', 'FASTNED', 'CO OP PETROL'],
  },
  // Motor: running a vehicle other than fuel.
  {
    category: 'motor', kind: 'motoring business',
    names: ['DVLA', 'DVLA VEHICLE TAX', 'KWIK FIT', 'KWIKFIT', 'HALFORDS', 'HALFORDS AUTOCENTRE', 'ATS EUROMASTER', 'NATIONAL TYRES',
      'FORMULA ONE AUTOCENTRES', 'MR CLUTCH', 'BLACK CIRCLES', 'RAC', 'RAC MOTORING', 'THE AA', 'AA MEMBERSHIP',
      'AUTOMOBILE ASSOCIATION', 'GREEN FLAG', 'LEX AUTOLEASE', 'ARVAL', 'ALPHABET GB', 'LEASEPLAN', 'AYVENS', 'NORTHGATE',
      'EUROCARPARTS', 'EURO CAR PARTS', 'GSF CAR PARTS', 'MOTORPOINT', 'ARNOLD CLARK', 'EVANS HALSHAW', 'CAZOO', 'AUTOGLASS',
      'WEBUYANYCAR'],
  },
  {
    category: 'motor', kind: 'parking or road-charge operator',
    names: ['NCP', 'RINGGO', 'PAYBYPHONE', 'JUSTPARK', 'APCOA', 'EUROPARKING', 'Q PARK', 'QPARK', 'SABA PARKING', 'INDIGO PARK',
      'PARKMOBILE', 'MIPERMIT', 'ONEPARK', 'CONGESTION CHARGE', 'ULEZ', 'DART CHARGE', 'DARTFORD CROSSING', 'M6 TOLL',
      'TFL CONGESTION', 'TFL ROAD CHARGES', 'MERSEY GATEWAY', 'HUMBER BRIDGE', 'SEVERN BRIDGE', 'YOUR PARKING SPACE'],
  },
  // Travel.
  {
    category: 'travel', kind: 'rail or public-transport operator',
    names: ['TRAINLINE', 'THETRAINLINE', 'TFL', 'TFL TRAVEL', 'TRANSPORT FOR LONDON', 'LNER', 'AVANTI', 'AVANTI WEST COAST', 'GWR',
      'GREAT WESTERN RAILWAY', 'SOUTHERN RAILWAY', 'SOUTHEASTERN', 'THAMESLINK', 'NORTHERN TRAINS', 'NORTHERN RAIL', 'SCOTRAIL',
      'CROSSCOUNTRY', 'CROSS COUNTRY TRAINS', 'EAST MIDLANDS RAILWAY', 'EMR', 'TRANSPENNINE', 'TPE', 'CHILTERN RAILWAYS', 'C2C',
      'GREATER ANGLIA', 'MERSEYRAIL', 'SOUTH WESTERN RAILWAY', 'SWR', 'LONDON NORTHWESTERN', 'WEST MIDLANDS TRAINS',
      'TRANSPORT FOR WALES', 'TFW RAIL', 'GRAND CENTRAL', 'HULL TRAINS', 'LUMO', 'HEATHROW EXPRESS', 'GATWICK EXPRESS',
      'STANSTED EXPRESS', 'EUROSTAR', 'NATIONAL RAIL', 'RAIL DELIVERY GROUP', 'SPLIT TICKETING', 'NATIONAL EXPRESS', 'MEGABUS',
      'FLIXBUS', 'STAGECOACH', 'ARRIVA', 'FIRST BUS', 'FIRSTBUS', 'GO AHEAD', 'LOTHIAN BUSES', 'METROLINK', 'TRAVEL WEST MIDLANDS',
      'CALEDONIAN MACBRAYNE', 'CALMAC', 'STENA LINE', 'P AND O FERRIES', 'RED FUNNEL', 'WIGHTLINK', 'BRITTANY FERRIES'],
  },
  {
    category: 'travel', kind: 'airline',
    names: ['BRITISH AIRWAYS', 'BRITISH A', 'EASYJET', 'EASY JET', 'RYANAIR', 'JET2', 'JET 2 COM', 'WIZZ AIR', 'LOGANAIR',
      'AER LINGUS', 'KLM', 'LUFTHANSA', 'VIRGIN ATLANTIC', 'TUI', 'EMIRATES', 'LOGAN AIR', 'EASTERN AIRWAYS', 'BLUE ISLANDS',
      'AIR FRANCE', 'IBERIA', 'QATAR AIRWAYS', 'UNITED AIRLINES'],
  },
  {
    category: 'travel', kind: 'taxi or ride-hailing service',
    names: ['UBER', 'UBER TRIP', 'BOLT', 'BOLT EU', 'ADDISON LEE', 'FREE NOW', 'FREENOW', 'GETT', 'VERIDIAN CABS', 'DELTA TAXIS',
      'STREAMLINE TAXIS', 'CITY CARS'],
  },
  {
    category: 'travel', kind: 'hotel or booking site',
    names: ['PREMIER INN', 'TRAVELODGE', 'HILTON', 'MARRIOTT', 'HOLIDAY INN', 'HOLIDAY INN EXPRESS', 'IBIS', 'NOVOTEL', 'AIRBNB',
      'BOOKING COM', 'HOTELS COM', 'EXPEDIA', 'RADISSON', 'BEST WESTERN', 'MERCURE', 'DOUBLETREE', 'CROWNE PLAZA', 'HUB BY PREMIER INN',
      'JURYS INN', 'LEONARDO HOTEL', 'VIRGIN HOTELS', 'CITIZENM', 'MOXY', 'DAYS INN'],
  },
  {
    category: 'travel', kind: 'car hire company',
    names: ['ENTERPRISE RENT A CAR', 'ENTERPRISE RENTACAR', 'HERTZ', 'AVIS', 'EUROPCAR', 'SIXT', 'ZIPCAR', 'BUDGET RENT A CAR',
      'THRIFTY', 'ENTERPRISE CAR CLUB', 'CO WHEELS'],
  },
];
