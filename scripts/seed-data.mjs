// Vocabulary for the demo account: names in several scripts, real cities with coordinates.
export const FIRST_NAMES = [
  'Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Tim', 'Barbara', 'Ken', 'Radia', 'Dennis', 'Frances', 'Guido',
  'Sofia', 'Mateo', 'Lucía', 'Joāo', 'Amélie', 'Björn', 'Søren', 'Zoë', 'Chloé', 'François', 'Élodie', 'Jürgen',
  'Priya', 'Arjun', 'Ananya', 'Rohan', 'Aisha', 'Omar', 'Fatima', 'Yusuf', 'Layla', 'Tariq', 'Noor', 'Karim',
  'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Sakura', 'Jin', 'Min-jun', 'Seo-yeon', 'Thanh', 'Linh', 'Kofi', 'Amara',
  'Chidi', 'Zanele', 'Olu', 'Nia', 'Dmitri', 'Anya', 'Ivan', 'Katya', 'Oleksandr', 'Marta', 'Piotr', 'Agnieszka',
  'Mariana', 'Diego', 'Valentina', 'Santiago', 'Camila', 'Lucas', 'Emma', 'Noah', 'Olivia', 'Liam', 'Mia', 'Ethan',
  '李', '王', '张', 'さくら', 'ハルト', 'Андрей', 'Ольга', 'محمد', 'سارة', 'Νίκος', 'Ελένη',
];
export const LAST_NAMES = [
  'Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Berners-Lee', 'Liskov', 'Thompson', 'Perlman', 'Ritchie',
  'Allen', 'van Rossum', 'García', 'Martínez', 'Rodríguez', 'Silva', 'Dubois', 'Lefèvre', 'Müller', 'Schröder',
  'Andersson', 'Nielsen', 'Kowalski', 'Nowak', 'Ivanova', 'Petrov', 'Shevchenko', 'Sharma', 'Patel', 'Iyer', 'Reddy',
  'Khan', 'Haddad', 'Nasser', 'Rahman', 'Chen', 'Wang', 'Li', 'Zhang', 'Tanaka', 'Sato', 'Suzuki', 'Kim', 'Park',
  'Nguyen', 'Tran', 'Mensah', 'Okafor', 'Adeyemi', 'Dlamini', 'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson',
  "O'Connor", 'MacLeod', 'Rossi', 'Bianchi', 'Costa', 'Papadopoulos', 'Cohen', 'Levi', 'Yilmaz', 'Demir',
];
export const TITLES = [
  'Founder & CEO', 'Co-founder', 'CTO', 'VP Engineering', 'Head of Product', 'Product Manager', 'Partner',
  'Principal', 'Investor', 'Angel Investor', 'Recruiter', 'Talent Partner', 'Community Lead', 'Developer Advocate',
  'Staff Engineer', 'Designer', 'Head of Growth', 'Journalist', 'Researcher', 'Operating Partner',
];
export const COMPANIES = [
  ['Stripe', 'https://stripe.com', 'Fintech'], ['Vercel', 'https://vercel.com', 'Developer tools'],
  ['Cloudflare', 'https://cloudflare.com', 'Infrastructure'], ['Figma', 'https://figma.com', 'Design'],
  ['Linear', 'https://linear.app', 'Productivity'], ['Notion', 'https://notion.so', 'Productivity'],
  ['Sequoia Capital', 'https://sequoiacap.com', 'Venture capital'], ['Index Ventures', 'https://indexventures.com', 'Venture capital'],
  ['Accel', 'https://accel.com', 'Venture capital'], ['Y Combinator', 'https://ycombinator.com', 'Accelerator'],
  ['LoopFi', 'https://loopfi.xyz', 'Crypto'], ['Revolut', 'https://revolut.com', 'Fintech'],
  ['Wise', 'https://wise.com', 'Fintech'], ['Klarna', 'https://klarna.com', 'Fintech'],
  ['Spotify', 'https://spotify.com', 'Media'], ['Shopify', 'https://shopify.com', 'E-commerce'],
  ['Canva', 'https://canva.com', 'Design'], ['Atlassian', 'https://atlassian.com', 'Software'],
  ['Grab', 'https://grab.com', 'Mobility'], ['Flutterwave', 'https://flutterwave.com', 'Fintech'],
  ['Paystack', 'https://paystack.com', 'Fintech'], ['Nubank', 'https://nubank.com.br', 'Fintech'],
  ['Mercado Libre', 'https://mercadolibre.com', 'E-commerce'], ['Rappi', 'https://rappi.com', 'Delivery'],
  ['Celonis', 'https://celonis.com', 'Software'], ['N26', 'https://n26.com', 'Fintech'],
  ['Mistral AI', 'https://mistral.ai', 'AI'], ['Hugging Face', 'https://huggingface.co', 'AI'],
  ['Anthropic', 'https://anthropic.com', 'AI'], ['DeepL', 'https://deepl.com', 'AI'],
  ['Telegram', 'https://telegram.org', 'Messaging'], ['Supabase', 'https://supabase.com', 'Developer tools'],
  ['PostHog', 'https://posthog.com', 'Analytics'], ['Miro', 'https://miro.com', 'Productivity'],
  ['Bolt', 'https://bolt.eu', 'Mobility'], ['Zepto', 'https://zeptonow.com', 'Delivery'],
  ['Razorpay', 'https://razorpay.com', 'Fintech'], ['Sea Group', 'https://sea.com', 'Internet'],
  ['Careem', 'https://careem.com', 'Mobility'], ['Kaspi', 'https://kaspi.kz', 'Fintech'],
];
// [location string as a person would write it, latitude, longitude]
export const CITIES = [
  ['San Francisco Bay Area', 37.7749, -122.4194], ['San Francisco, CA', 37.7749, -122.4194], ['New York, NY', 40.7128, -74.006],
  ['London, England, United Kingdom', 51.5072, -0.1276], ['London, UK', 51.5072, -0.1276], ['Berlin, Germany', 52.52, 13.405],
  ['Paris, France', 48.8566, 2.3522], ['Amsterdam, Netherlands', 52.3676, 4.9041], ['Stockholm, Sweden', 59.3293, 18.0686],
  ['Lisbon, Portugal', 38.7223, -9.1393], ['Madrid, Spain', 40.4168, -3.7038], ['Barcelona', 41.3874, 2.1686],
  ['Zurich, Switzerland', 47.3769, 8.5417], ['Warsaw, Poland', 52.2297, 21.0122], ['Kyiv, Ukraine', 50.4501, 30.5234],
  ['Istanbul, Türkiye', 41.0082, 28.9784], ['Tel Aviv, Israel', 32.0853, 34.7818], ['Dubai, UAE', 25.2048, 55.2708],
  ['Bengaluru, India', 12.9716, 77.5946], ['Mumbai, India', 19.076, 72.8777], ['Singapore', 1.3521, 103.8198],
  ['Jakarta, Indonesia', -6.2088, 106.8456], ['Tokyo, Japan', 35.6762, 139.6503], ['Seoul, South Korea', 37.5665, 126.978],
  ['Shanghai, China', 31.2304, 121.4737], ['Hong Kong', 22.3193, 114.1694], ['Sydney, Australia', -33.8688, 151.2093],
  ['Melbourne, Australia', -37.8136, 144.9631], ['Auckland, New Zealand', -36.8485, 174.7633], ['Lagos, Nigeria', 6.5244, 3.3792],
  ['Nairobi, Kenya', -1.2921, 36.8219], ['Cape Town, South Africa', -33.9249, 18.4241], ['Cairo, Egypt', 30.0444, 31.2357],
  ['São Paulo, Brazil', -23.5558, -46.6396], ['Buenos Aires, Argentina', -34.6037, -58.3816], ['Mexico City', 19.4326, -99.1332],
  ['Bogotá, Colombia', 4.711, -74.0721], ['Toronto, Canada', 43.6532, -79.3832], ['Austin, TX', 30.2672, -97.7431],
  ['Seattle, WA', 47.6062, -122.3321], ['Los Angeles, CA', 34.0522, -118.2437], ['Miami, FL', 25.7617, -80.1918],
  ['Almaty, Kazakhstan', 43.222, 76.8512], ['Honolulu, HI', 21.3069, -157.8583],
];
export const TAGS = ['investor', 'founder', 'friend', 'hiring', 'advisor', 'press', 'conference', 'YC', 'angel', 'customer', 'design', 'ai'];
export const NOTES = [
  'the Series A timeline', 'hiring a founding engineer', 'moving to Lisbon next spring', 'an intro to their lead investor',
  'the community meetup in October', 'feedback on the onboarding flow', 'their new fund', 'a podcast appearance',
  'pricing for the enterprise tier', 'the offsite in the mountains', 'climate tech deal flow', 'open-source sponsorship',
];
